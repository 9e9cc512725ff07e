import {
  CRAWL_STATUS,
  type CrawlPageCounts,
  type CrawlReportHit,
  type CrawlRunPace,
  WAITING_CRAWL_STATUSES,
} from '@siteseer/core';
import { type ReportRow, readFrontierChanges } from '../../repositories/crawler/report.ts';
import type { Queryable } from '../../store/types.ts';
import { isNotIndexed } from '../not-indexed.ts';

/** One page of an engine's crawl report. */
export interface ReportQuery {
  accountId: string;
  engineId: string;
  /** The crawler's run: a new run (a recreated crawler) starts a new copy. */
  runId: number;
  fromIndex: number;
  resultSize: number;
  /** URLs containing this text, any case; empty: every URL. */
  searchTerm: string;
  /** Only URLs of this status code. */
  status?: number | undefined;
  /** `discovery` (the default): the order URLs were found in; `recent`: the last checked first. */
  order?: 'discovery' | 'recent' | undefined;
  /** The crawl is stopped: its waiting URLs are shown Interrupted (8). */
  stopped?: boolean;
  /** When the crawler's current run started: the URLs checked since give its pace. */
  runStartedAt?: Date;
}

export interface ReportPage {
  total: number;
  hits: CrawlReportHit[];
  /** How many URLs of the engine have each status code (whatever the filter). */
  counts: Record<string, number>;
  /** The fetched pages, indexed or not (whatever the filter). */
  pages: CrawlPageCounts;
  /** The run's pace, when `runStartedAt` was given. */
  run?: CrawlRunPace;
}

interface Entry {
  hit: CrawlReportHit;
  id: number;
  lower: string;
}

interface FrontierCopy {
  runId: number;
  nextXid: string | null;
  byId: Map<number, Entry>;
  /** Entries in discovery order (id). */
  order: Entry[];
  /** URLs per status code, kept as rows arrive. */
  counts: Record<string, number>;
  /** Fetched pages indexed or not, kept as rows arrive. */
  pages: CrawlPageCounts;
  /** The pace of the run that started at `since`, until the copy changes. */
  lastPace: { since: string; pace: CrawlRunPace } | null;
  /** The entries of the last filter asked for, until the copy changes: paging through it is cheap. */
  lastFilter: { key: string; entries: Entry[] } | null;
  /** Updates of one copy run one at a time, so an older read never lands after a newer one. */
  updating: Promise<void>;
}

/**
 * Frontiers kept in memory, least recently used dropped first: at most this many, and at most
 * MAX_ENTRIES URLs in all (~100 bytes each) beside the one being read; a crawl's frontier is itself
 * bounded by the URL limit (ADR 0036).
 */
const MAX_COPIES = 16;
const MAX_ENTRIES = 300_000;

function count(copy: FrontierCopy, status: number, by: number): void {
  copy.counts[status] = (copy.counts[status] ?? 0) + by;
  if (copy.counts[status] === 0) delete copy.counts[status];
}

/** Which of the page counts a URL is in: fetched and indexed, fetched and not, or neither. */
function pageKind(hit: CrawlReportHit): keyof CrawlPageCounts | undefined {
  if (isNotIndexed(hit.reason)) return 'notIndexed';
  return hit.status === CRAWL_STATUS.SUCCESS ? 'indexed' : undefined;
}

function countPage(copy: FrontierCopy, hit: CrawlReportHit, by: number): void {
  const kind = pageKind(hit);
  if (kind) copy.pages[kind] += by;
}

function apply(copy: FrontierCopy, rows: readonly ReportRow[]): void {
  if (rows.length > 0) {
    copy.lastFilter = null;
    copy.lastPace = null;
  }
  let sorted = true;
  for (const row of rows) {
    const hit: CrawlReportHit = {
      id: String(row.id),
      url: row.url,
      status: row.status,
      last_check: row.last_check?.toISOString() ?? null,
      next_check: row.next_check?.toISOString() ?? null,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.discovered_from ? { found_on: row.discovered_from } : {}),
    };
    count(copy, row.status, 1);
    countPage(copy, hit, 1);
    const entry = copy.byId.get(row.id);
    if (entry) {
      count(copy, entry.hit.status, -1);
      countPage(copy, entry.hit, -1);
      entry.hit = hit;
      continue;
    }
    const added = { hit, id: row.id, lower: row.url.toLowerCase() };
    if (sorted && (copy.order.at(-1)?.id ?? 0) > row.id) sorted = false;
    copy.byId.set(row.id, added);
    copy.order.push(added);
  }
  if (!sorted) copy.order.sort((a, b) => a.id - b.id);
}

const WAITING: readonly number[] = WAITING_CRAWL_STATUSES;
const STOPPED_REASON = 'The crawl was stopped.';

/**
 * A stopped crawl keeps its waiting URLs as they are, so that a stop is one write whatever the
 * frontier's size (see `stopCrawl`): the report shows them Interrupted, as the spec's status says.
 */
function shownStatus(status: number, stopped: boolean): number {
  return stopped && WAITING.includes(status) ? CRAWL_STATUS.INTERRUPTED : status;
}

function shownHit(hit: CrawlReportHit, stopped: boolean): CrawlReportHit {
  return stopped && WAITING.includes(hit.status)
    ? { ...hit, status: CRAWL_STATUS.INTERRUPTED, reason: STOPPED_REASON }
    : hit;
}

function shownCounts(counts: Record<string, number>, stopped: boolean): Record<string, number> {
  const shown: Record<string, number> = {};
  for (const [status, n] of Object.entries(counts)) {
    const key = String(shownStatus(Number(status), stopped));
    shown[key] = (shown[key] ?? 0) + n;
  }
  return shown;
}

/** The entries a filter keeps, in discovery order (the last filter's are kept until a change). */
function filtered(copy: FrontierCopy, term: string, status: number | undefined, stopped: boolean): Entry[] {
  if (term === '' && status === undefined) return copy.order;
  const key = `${status ?? ''}/${stopped}/${term}`;
  if (copy.lastFilter?.key === key) return copy.lastFilter.entries;
  const entries = copy.order.filter(
    (entry) =>
      (status === undefined || shownStatus(entry.hit.status, stopped) === status) &&
      (term === '' || entry.lower.includes(term)),
  );
  copy.lastFilter = { key, entries };
  return entries;
}

/** Checked last first (ISO times compare as text), never checked after, then found last first. */
function newer(a: Entry, b: Entry): number {
  const [x, y] = [a.hit.last_check, b.hit.last_check];
  if (x === y) return b.id - a.id;
  if (x === null) return 1;
  if (y === null) return -1;
  return x > y ? -1 : 1;
}

/** Where `entry` goes in `sorted` (by `newer`), by binary search. */
function insertionPoint(sorted: readonly Entry[], entry: Entry): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (newer(sorted[middle] as Entry, entry) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The URLs checked since the run started and the last check time, one pass over the copy (kept
 * until the copy changes: a running crawl's report is read every 2 s, a finished one's as often).
 */
function paceOf(copy: FrontierCopy, startedAt: Date): CrawlRunPace {
  const since = startedAt.toISOString();
  if (copy.lastPace?.since === since) return copy.lastPace.pace;
  let checked = 0;
  let lastCheckAt: string | null = null;
  for (const { hit } of copy.order) {
    // ISO times of one format compare as text.
    if (hit.last_check === null || hit.last_check < since) continue;
    checked += 1;
    if (lastCheckAt === null || hit.last_check > lastCheckAt) lastCheckAt = hit.last_check;
  }
  const pace = { startedAt: since, checked, lastCheckAt };
  copy.lastPace = { since, pace };
  return pace;
}

/** Above this many entries to keep, sorting them all beats keeping the best few. */
const SELECT_MAX = 200;

/**
 * The first `count` entries by `newer`. Sorting 100k entries takes ~50 ms, so the first pages (what
 * `crawl watch` asks for every second) keep a small sorted list instead, one pass over the entries.
 */
function newestFirst(entries: readonly Entry[], count: number): Entry[] {
  if (count > SELECT_MAX) return entries.toSorted(newer).slice(0, count);
  const best: Entry[] = [];
  for (const entry of entries) {
    const last = best.at(-1);
    if (best.length === count && last && newer(entry, last) >= 0) continue;
    best.splice(insertionPoint(best, entry), 0, entry);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * The crawl report's copies of frontiers in memory, one per engine read lately (see MAX_COPIES and
 * MAX_ENTRIES), each brought up to date by the next read: filtering and counting 100k URLs in SQL
 * on every call scanned them all. One per app (its state): two apps in one process keep copies of
 * their own.
 */
export class FrontierCopies {
  /** By account and engine, least recently read first. */
  readonly #copies = new Map<string, FrontierCopy>();

  /**
   * A page of the report in discovery order (the frontier's id), so the pages a reader has seen
   * stay put while a crawl appends URLs; or, with `order: 'recent'`, the URLs checked last first.
   * The text filter is a substring of the URL in any case. Answered from the engine's copy, first
   * brought up to date with the rows of `db` (the app's store) written since the previous call.
   */
  async reportPage(db: Queryable, query: ReportQuery): Promise<ReportPage> {
    const copy = await this.#currentCopy(db, query);
    const stopped = query.stopped ?? false;
    const entries = filtered(copy, query.searchTerm.trim().toLowerCase(), query.status, stopped);
    const end = query.fromIndex + query.resultSize;
    const ordered = query.order === 'recent' ? newestFirst(entries, end) : entries;
    return {
      total: entries.length,
      hits: ordered.slice(query.fromIndex, end).map((entry) => shownHit(entry.hit, stopped)),
      counts: shownCounts(copy.counts, stopped),
      pages: { ...copy.pages },
      ...(query.runStartedAt ? { run: paceOf(copy, query.runStartedAt) } : {}),
    };
  }

  /** The engine's frontier in memory, brought up to date with the rows written since the last read. */
  async #currentCopy(db: Queryable, query: ReportQuery): Promise<FrontierCopy> {
    const copies = this.#copies;
    const key = `${query.accountId}/${query.engineId}`;
    let copy = copies.get(key);
    if (!copy || copy.runId !== query.runId) {
      copy = {
        runId: query.runId,
        nextXid: null,
        byId: new Map(),
        order: [],
        counts: {},
        pages: { indexed: 0, notIndexed: 0 },
        lastPace: null,
        lastFilter: null,
        updating: Promise.resolve(),
      };
    }
    copies.delete(key);
    copies.set(key, copy);
    let entries = 0;
    // Newest (this one) first: the copies past the budget are the least recently read.
    [...copies].reverse().forEach(([staleKey, stale], n) => {
      entries += stale.order.length;
      if (n > 0 && (entries > MAX_ENTRIES || n >= MAX_COPIES)) copies.delete(staleKey);
    });
    const target = copy;
    const update = target.updating.then(async () => {
      const changes = await readFrontierChanges(db, query.accountId, query.engineId, target.nextXid);
      apply(target, changes.rows);
      target.nextXid = changes.nextXid;
    });
    // The caller gets a failed read's error; the next update must not (it reads again from the same
    // transaction id, as nothing was applied).
    target.updating = update.catch(() => undefined);
    await update;
    return target;
  }
}
