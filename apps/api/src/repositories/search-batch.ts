import { randomUUID } from 'node:crypto';
import { DAY_MS, type FilterSelection, SUGGESTION_VISITORS_MAX } from '@siteseer/core';

/**
 * Searches stored in one row of search_batches (0014-search-batches.sql): a chunk of one client
 * and UTC day. Small enough that a click's statement takes a chunk apart to find its search
 * cheaply (a chunk is ~20 KB of JSON), large enough that a batch of thousands is a few rows.
 */
export const CHUNK_SEARCHES = 256;
/** A search id's last four hex digits are its place in its chunk. */
const OFFSET_DIGITS = 4;
/** Bytes a chunk's records start with (~150 a search); doubled when full. */
const CHUNK_BYTES = 32 * 1024;
/** Chunks go to the statement as one text, one chunk a line (JSON text never holds a raw newline). */
const CHUNK_SEPARATOR = '\n';

/** A search as stored: normalised and bounded (search-events/events.ts makes them). */
export interface SearchRecord {
  accountId: string;
  clientId: string;
  engineId: string;
  engineType: 'kw' | 'pm';
  at: Date;
  query: string;
  tab: string | null;
  filters: Readonly<Record<string, FilterSelection>> | null;
  page: number;
  resultCount: number;
  latencyMs: number;
  visitorId: string;
}

/** How many searches (and of them found nothing) share a key of a rollup. */
interface Count {
  searches: number;
  zero: number;
}

/** One client's searches of one UTC day in a batch, as the rollups add them up. */
interface Day {
  accountId: string;
  clientId: string;
  /** Days since 1970 (UTC). */
  number: number;
  engineId: string;
  engineType: 'kw' | 'pm';
  day: string;
  total: Count;
  latencyMs: number;
  visitors: Set<string>;
  queries: Map<string, Count>;
  /**
   * Keyword searches: the visitors whose search of a query found something, at most
   * SUGGESTION_VISITORS_MAX a query (what query suggestions count: 0022-query-suggestion-visitors.sql).
   */
  foundBy: Map<string, Set<string>>;
  tabs: Map<string, Count>;
  /** Filter use by filter id (value null), and by filter id and value selected. */
  filters: Map<string, Count & { filterId: string; value: string | null }>;
  /** The chunk this day's searches go to until it is full; none before the first. */
  chunk: Chunk | undefined;
}

interface Chunk {
  day: Day;
  /** The chunk id without its last four hex digits. */
  prefix: string;
  searches: number;
  /**
   * What search_batches.records holds, as UTF-8 JSON without its brackets: one array a search,
   * written as the search comes. Text in a buffer rather than objects kept until the statement:
   * thousands of records living for seconds were promoted to the old generation and cost the
   * garbage collector more than writing them.
   */
  json: Buffer;
  bytes: number;
}

/**
 * A batch of searches for one statement (insertSearchBatch): each search gets its id when added
 * (its chunk's id and its place in it), and the batch's rollups are counted as searches come,
 * so the statement adds a few rows per client and day to each rollup, never a row per search.
 */
export class SearchBatch {
  readonly #days = new Map<string, Day>();
  readonly #chunks: Chunk[] = [];
  /** The day of the last search: the next is most likely of the same client and day. */
  #last: Day | undefined;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Adds a search; returns its id. */
  add(search: SearchRecord): string {
    const day = this.#day(search);
    let chunk = day.chunk;
    if (!chunk || chunk.searches === CHUNK_SEARCHES) {
      chunk = this.#chunk(day);
      day.chunk = chunk;
    }
    const offset = chunk.searches;
    write(
      chunk,
      (offset === 0 ? '' : ',') +
        JSON.stringify([
          search.at.getTime(),
          search.query,
          search.tab,
          search.filters,
          search.page,
          search.resultCount,
          search.latencyMs,
          search.visitorId,
        ]),
    );
    chunk.searches++;
    this.#size++;
    const zero = search.resultCount === 0 ? 1 : 0;
    tally(day.total, zero);
    day.latencyMs += search.latencyMs;
    day.visitors.add(search.visitorId);
    tally(counted(day.queries, search.query, noCount), zero);
    if (search.engineType === 'kw' && zero === 0) {
      const visitors = counted(day.foundBy, search.query, () => new Set<string>());
      if (visitors.size < SUGGESTION_VISITORS_MAX) visitors.add(search.visitorId);
    }
    if (search.tab !== null) tally(counted(day.tabs, search.tab, noCount), zero);
    if (search.filters) countFilters(day, search.filters, zero);
    return chunk.prefix + offset.toString(16).padStart(OFFSET_DIGITS, '0');
  }

  /**
   * The statement's parameters: the days ($1-$8), the chunks ($9-$12; $12 their records, a line
   * each), and the rollups' rows keyed by their day's 1-based place in $1 ($13-$27).
   */
  params(): unknown[] {
    const days = [...this.#days.values()];
    const index = new Map(days.map((day, i) => [day, i + 1]));
    const visitors: [number, string][] = [];
    const queries: [number, string, Count][] = [];
    const foundBy: [number, string][] = [];
    const tabs: [number, string, Count][] = [];
    const filters: [number, string, string | null, Count][] = [];
    days.forEach((day, i) => {
      for (const visitor of day.visitors) visitors.push([i + 1, visitor]);
      for (const [query, count] of day.queries) {
        queries.push([i + 1, query, count]);
        for (const visitor of day.foundBy.get(query) ?? []) foundBy.push([queries.length, visitor]);
      }
      for (const [tab, count] of day.tabs) tabs.push([i + 1, tab, count]);
      for (const count of day.filters.values()) filters.push([i + 1, count.filterId, count.value, count]);
    });
    return [
      days.map((d) => d.accountId),
      days.map((d) => d.clientId),
      days.map((d) => d.day),
      days.map((d) => d.engineId),
      days.map((d) => d.engineType),
      days.map((d) => d.total.searches),
      days.map((d) => d.total.zero),
      days.map((d) => d.latencyMs),
      this.#chunks.map((c) => `${c.prefix}0000`),
      this.#chunks.map((c) => index.get(c.day)),
      this.#chunks.map((c) => c.searches),
      this.#chunks.map((c) => `[${c.json.toString('utf8', 0, c.bytes)}]`).join(CHUNK_SEPARATOR),
      visitors.map((v) => v[0]),
      visitors.map((v) => v[1]),
      ...countColumns(queries),
      ...countColumns(tabs),
      filters.map((f) => f[0]),
      filters.map((f) => f[1]),
      filters.map((f) => f[2]),
      filters.map((f) => f[3].searches),
      filters.map((f) => f[3].zero),
      foundBy.map((v) => v[0]),
      foundBy.map((v) => v[1]),
    ];
  }

  #day(search: SearchRecord): Day {
    const dayNumber = Math.floor(search.at.getTime() / DAY_MS);
    const last = this.#last;
    if (last?.clientId === search.clientId && last.number === dayNumber) return last;
    const key = `${search.clientId}\n${dayNumber}`;
    let day = this.#days.get(key);
    if (!day) {
      day = {
        accountId: search.accountId,
        clientId: search.clientId,
        number: dayNumber,
        engineId: search.engineId,
        engineType: search.engineType,
        day: new Date(dayNumber * DAY_MS).toISOString().slice(0, 10),
        total: { searches: 0, zero: 0 },
        latencyMs: 0,
        visitors: new Set(),
        queries: new Map(),
        foundBy: new Map(),
        tabs: new Map(),
        filters: new Map(),
        chunk: undefined,
      };
      this.#days.set(key, day);
    }
    this.#last = day;
    return day;
  }

  #chunk(day: Day): Chunk {
    const chunk = {
      day,
      prefix: randomUUID().slice(0, -OFFSET_DIGITS),
      searches: 0,
      json: Buffer.allocUnsafe(CHUNK_BYTES),
      bytes: 0,
    };
    this.#chunks.push(chunk);
    return chunk;
  }
}

/** Appends `text` to a chunk's records, growing its buffer when it could not hold it. */
function write(chunk: Chunk, text: string): void {
  // UTF-8 takes at most three bytes a UTF-16 code unit.
  const needed = chunk.bytes + text.length * 3;
  if (needed > chunk.json.length) {
    const grown = Buffer.allocUnsafe(Math.max(needed, chunk.json.length * 2));
    chunk.json.copy(grown, 0, 0, chunk.bytes);
    chunk.json = grown;
  }
  chunk.bytes += chunk.json.write(text, chunk.bytes);
}

/** A search id as its chunk's id and its place in the chunk (any uuid reads as one). */
export function searchIdParts(searchId: string): { chunkId: string; offset: number } {
  const id = searchId.toLowerCase();
  return {
    chunkId: `${id.slice(0, -OFFSET_DIGITS)}0000`,
    offset: Number.parseInt(id.slice(-OFFSET_DIGITS), 16),
  };
}

function tally(count: Count, zero: number): void {
  count.searches++;
  count.zero += zero;
}

const noCount = (): Count => ({ searches: 0, zero: 0 });

/** The count of `key` in `counts`, made by `make` the first time. */
function counted<C>(counts: Map<string, C>, key: string, make: () => C): C {
  let count = counts.get(key);
  if (!count) {
    count = make();
    counts.set(key, count);
  }
  return count;
}

/** A search's filter use: each filter it sets once (value null), and each distinct listed value once. */
function countFilters(day: Day, filters: Readonly<Record<string, FilterSelection>>, zero: number): void {
  for (const filterId in filters) {
    countFilter(day, filterId, null, zero);
    const selection = filters[filterId];
    if (selection && 'values' in selection)
      for (const value of new Set(selection.values)) countFilter(day, filterId, value, zero);
  }
}

function countFilter(day: Day, filterId: string, value: string | null, zero: number): void {
  // The filter id goes with its length, so where it ends is known; then the value, marked when
  // present (null and "" differ).
  const key =
    value === null ? `${filterId.length}:${filterId}` : `${filterId.length}:${filterId}\u0001${value}`;
  tally(
    counted(day.filters, key, () => ({ filterId, value, searches: 0, zero: 0 })),
    zero,
  );
}

/** Rows of a rollup keyed by day and text, as four parameter arrays. */
function countColumns(rows: readonly [number, string, Count][]): unknown[] {
  return [
    rows.map((r) => r[0]),
    rows.map((r) => r[1]),
    rows.map((r) => r[2].searches),
    rows.map((r) => r[2].zero),
  ];
}
