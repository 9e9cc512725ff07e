import { randomUUID } from 'node:crypto';
import { addCliSearches, type CliSearchDay } from '../repositories/analytics-cli-searches.ts';
import { isUuid } from '../repositories/ids.ts';
import { SearchBatch, searchIdParts } from '../repositories/search-batch.ts';
import {
  insertSearchBatch,
  insertSearchClicks,
  maintainSearchTables,
  type SearchClickRow,
  storedSearchChunks,
} from '../repositories/search-events.ts';
import { SqlState, StoreQueryError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import { type ClickEvent, clickRow, type SearchEvent, searchRecord } from './events.ts';

/**
 * Searches (or clicks) written by one statement; a full batch is written at once. A batch's
 * searches are stored in chunks and counted for the rollups before the statement (ADR 0029); what
 * is left on PGlite's thread, which the searches' machine shares, is mostly a row per rollup key
 * of the batch, so larger batches cost less a search (~8 µs at 5,000 bench-like searches, ~5.6 at
 * 10,000, ~4 at 20,000). 20,000 take PGlite ~80 ms, during which the portal's queries on PGlite
 * wait (searches answer from memory).
 */
export const BATCH_ROWS = 20_000;
/**
 * How long a row waits for others to share its statement: at the bench's ~4,000 parametric
 * searches a second, about a full batch; analytics are five seconds behind at most, and a process
 * killed (not stopped) loses at most the last five seconds of records.
 */
const FLUSH_EVERY_MS = 5000;
/**
 * Searches and clicks waiting at most, five batches (a search waits as ~0.2 KB of JSON, a click as
 * a ~0.5 KB object: tens of MB at most): when the store cannot keep up or is down, what comes
 * beyond is dropped and counted rather than growing without bound.
 */
const QUEUE_MAX = 100_000;

const INT_MAX = 2 ** 31 - 1;
/**
 * How long a click whose search is not stored yet waits for it. With several API processes a
 * visitor's search may be answered by one and its click by another, which can write the click
 * first: the search then waits in the first process's queue (FLUSH_EVERY_MS at most). Without the
 * wait such clicks were dropped as matching no search, and click-through rates read low.
 */
const CLICK_WAIT_MS = 30_000;

/** A click waiting to be written, since when (Date.now()). */
interface QueuedClick {
  row: SearchClickRow;
  queuedAt: number;
}
/**
 * Searches this recorder stores between two maintenances of the recorded tables (vacuum and planner
 * statistics, see maintainSearchTables): the first round written after a start does it, then every
 * this many searches.
 */
const MAINTAIN_EVERY_ROWS = 100_000;

export interface RecorderOptions {
  /** Where failed writes are reported (the app's logger); console.warn by default. */
  onWriteError?: ((message: string, error: unknown) => void) | undefined;
  batchRows?: number | undefined;
  flushEveryMs?: number | undefined;
  queueMax?: number | undefined;
  /** false: nothing is recorded (SITESEER_SEARCH_RECORDING=off); searches still get ids. */
  enabled?: boolean | undefined;
}

/** What a recorder did since it started. */
export interface RecorderStats {
  /** Rows waiting to be written. */
  queued: number;
  searches: number;
  /** CLI searches stored (counted apart from the visitors', see addCliSearches). */
  cliSearches: number;
  clicks: number;
  /** Rows dropped because the queue was full, or arrived after close. */
  dropped: number;
  /** Rows dropped because their write failed. */
  failed: number;
  /** Clicks not stored: they named no search of their client. */
  unmatched: number;
  /** Clicks refused as malformed (an id that is not a uuid, a bad position). */
  refused: number;
  /** Statements that wrote rows (or tried to). */
  batches: number;
}

/**
 * Records searches and clicks for analytics without slowing or failing a search: rows are queued
 * in memory and written in batches (one multi-row INSERT per BATCH_ROWS rows) every
 * FLUSH_EVERY_MS, or at once when a batch is full, one write at a time. A write that fails is
 * reported and its rows dropped; the search that made them answered long before.
 */
export class SearchRecorder {
  readonly #store: Store;
  readonly #onWriteError: (message: string, error: unknown) => void;
  readonly #batchRows: number;
  readonly #flushEveryMs: number;
  readonly #queueMax: number;
  readonly #enabled: boolean;
  /** The batch searches are added to, and full ones waiting to be written (#fullRows searches). */
  #batch = new SearchBatch();
  #full: SearchBatch[] = [];
  #fullRows = 0;
  #clicks: QueuedClick[] = [];
  /** CLI searches by client and day, and how many are queued. */
  #cli = new Map<string, CliSearchDay>();
  #cliQueued = 0;
  /** Clicks back from a round: their searches were not stored yet (see CLICK_WAIT_MS). */
  #waiting: QueuedClick[] = [];
  #timer: NodeJS.Timeout | undefined;
  #soon: NodeJS.Immediate | undefined;
  #writing: Promise<void> | undefined;
  #closed = false;
  /** Searches stored when the tables were last maintained; undefined: not since this recorder started. */
  #maintainedAt: number | undefined;
  readonly #stats = {
    searches: 0,
    cliSearches: 0,
    clicks: 0,
    dropped: 0,
    failed: 0,
    unmatched: 0,
    refused: 0,
    batches: 0,
  };

  constructor(store: Store, options: RecorderOptions = {}) {
    this.#store = store;
    this.#onWriteError = options.onWriteError ?? ((message, error) => console.warn(message, error));
    this.#batchRows = options.batchRows ?? BATCH_ROWS;
    this.#flushEveryMs = options.flushEveryMs ?? FLUSH_EVERY_MS;
    this.#queueMax = options.queueMax ?? QUEUE_MAX;
    this.#enabled = options.enabled ?? true;
  }

  /** false when recording is off: callers then skip what only a record needs (the visitor id). */
  get recording(): boolean {
    return this.#enabled;
  }

  /**
   * Queues a search; returns its new id at once (clicks name it). A CLI search is only counted for
   * its day (nothing clicks it): its id names no stored search.
   */
  search(event: SearchEvent): string {
    if (!this.#enabled || !this.#admit()) return randomUUID();
    if (event.source === 'cli') {
      this.#countCli(event);
      this.#schedule();
      return randomUUID();
    }
    if (this.#batch.size >= this.#batchRows) {
      this.#full.push(this.#batch);
      this.#fullRows += this.#batch.size;
      this.#batch = new SearchBatch();
    }
    const id = this.#batch.add(searchRecord(event, new Date()));
    this.#schedule();
    return id;
  }

  /** Queues a click; it is stored only if it names a search of the same client. */
  click(event: ClickEvent): void {
    if (!this.#enabled) return;
    const { position } = event;
    if (!isUuid(event.clientId) || !isUuid(event.searchId) || !Number.isInteger(position)) {
      this.#stats.refused++;
      return;
    }
    if (position < 1 || position > INT_MAX) {
      this.#stats.refused++;
      return;
    }
    if (this.#admit()) {
      this.#clicks.push({ row: clickRow(event, new Date()), queuedAt: Date.now() });
      this.#schedule();
    }
  }

  /**
   * Writes everything queued now; resolves when written (or dropped after a failed write). Clicks
   * whose searches are not stored by then are dropped, not kept waiting (see CLICK_WAIT_MS).
   */
  async flush(): Promise<void> {
    while (this.#writing || this.#queued() > 0) await (this.#writing ?? this.#pump(true));
  }

  /** Flushes and stops: later rows are dropped. The app calls it as it closes, before the store. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    clearTimeout(this.#timer);
    clearImmediate(this.#soon);
  }

  stats(): RecorderStats {
    return { queued: this.#queued(), ...this.#stats };
  }

  #queued(): number {
    return this.#fullRows + this.#batch.size + this.#cliQueued + this.#clicks.length + this.#waiting.length;
  }

  #countCli(event: SearchEvent): void {
    const record = searchRecord(event, new Date());
    const day = record.at.toISOString().slice(0, 10);
    const key = `${record.clientId}\n${day}`;
    let counted = this.#cli.get(key);
    if (!counted) {
      counted = {
        accountId: record.accountId,
        clientId: record.clientId,
        day,
        searches: 0,
        zeroResultSearches: 0,
        latencyMs: 0,
      };
      this.#cli.set(key, counted);
    }
    counted.searches++;
    if (record.resultCount === 0) counted.zeroResultSearches++;
    counted.latencyMs += record.latencyMs;
    this.#cliQueued++;
  }

  #admit(): boolean {
    if (this.#closed || this.#queued() >= this.#queueMax) {
      this.#stats.dropped++;
      return false;
    }
    return true;
  }

  #schedule(): void {
    // Clicks waiting for their searches wait for the timer: they are not a full batch to write.
    if (this.#queued() - this.#waiting.length >= this.#batchRows) {
      // Off the request path: the search that filled the batch answers first.
      this.#soon ??= setImmediate(() => {
        this.#soon = undefined;
        void this.#pump();
      });
    } else {
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        void this.#pump();
      }, this.#flushEveryMs).unref();
    }
  }

  /**
   * Starts writing unless a write is running (it goes on while full batches wait). `final`: no
   * click is kept waiting for its search.
   */
  #pump(final = false): Promise<void> {
    if (this.#writing) return this.#writing;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing = this.#writeRounds(final).finally(() => {
      this.#writing = undefined;
      if (this.#queued() > 0 && !this.#closed) this.#schedule();
    });
    return this.#writing;
  }

  async #writeRounds(final: boolean): Promise<void> {
    do await this.#writeRound(final);
    while (this.#queued() - this.#waiting.length >= this.#batchRows);
  }

  /**
   * Writes what is queued: searches first, then clicks, so a click queued after its search finds it
   * stored (a click comes after the answer that carried the search id).
   */
  async #writeRound(final: boolean): Promise<void> {
    const batches = [...this.#full, this.#batch].filter((batch) => batch.size > 0);
    const queued = [...this.#waiting, ...this.#clicks];
    this.#waiting = [];
    this.#batch = new SearchBatch();
    this.#full = [];
    this.#fullRows = 0;
    this.#clicks = [];
    const cliDays = [...this.#cli.values()];
    const cliSearches = this.#cliQueued;
    this.#cli = new Map();
    this.#cliQueued = 0;
    for (const batch of batches) {
      this.#stats.searches +=
        (await this.#write('searches', batch.size, () => insertSearchBatch(this.#store, batch))) ?? 0;
    }
    if (cliSearches > 0) {
      this.#stats.cliSearches +=
        (await this.#write('CLI searches', cliSearches, async () => {
          await addCliSearches(this.#store, cliDays);
          return cliSearches;
        })) ?? 0;
    }
    await this.#maintain();
    const clicks = await this.#clicksToWrite(queued, final || this.#closed);
    for (let i = 0; i < clicks.length; i += this.#batchRows) {
      const batch = clicks.slice(i, i + this.#batchRows);
      const stored = await this.#write('clicks', batch.length, () => insertSearchClicks(this.#store, batch));
      // A failed batch (undefined) is counted as failed, not as unmatched.
      if (stored === undefined) continue;
      this.#stats.clicks += stored;
      this.#stats.unmatched += batch.length - stored;
    }
  }

  /**
   * The clicks to write now; those whose search is not stored yet, and younger than CLICK_WAIT_MS,
   * go back to the queue for the next round (unless `final`). A failed look-up writes them all, as
   * before the wait: a click is then dropped rather than kept.
   */
  async #clicksToWrite(queued: QueuedClick[], final: boolean): Promise<SearchClickRow[]> {
    if (queued.length === 0) return [];
    const now = Date.now();
    const young = new Set(queued.filter((click) => !final && now - click.queuedAt < CLICK_WAIT_MS));
    if (young.size === 0) return queued.map((click) => click.row);
    const chunks = new Set([...young].map((click) => chunkKey(click.row)));
    let stored: Set<string>;
    try {
      stored = await storedSearchChunks(this.#store, [...chunks]);
    } catch {
      return queued.map((click) => click.row);
    }
    const ready: SearchClickRow[] = [];
    for (const click of queued) {
      const waits = young.has(click) && !stored.has(chunkKey(click.row));
      if (waits) this.#waiting.push(click);
      else ready.push(click.row);
    }
    return ready;
  }

  /** Maintains the recorded tables when due, before clicks look their searches up. */
  async #maintain(): Promise<void> {
    const stored = this.#stats.searches;
    if (stored === 0) return;
    if (this.#maintainedAt !== undefined && stored - this.#maintainedAt < MAINTAIN_EVERY_ROWS) return;
    this.#maintainedAt = stored;
    try {
      await maintainSearchTables(this.#store);
    } catch (error) {
      // The clicks are still written, only slower: reported, not fatal to the round.
      this.#onWriteError(
        `Search recording: maintaining the recorded tables (vacuum, statistics) failed (${error instanceof Error ? error.message : String(error)})`,
        error,
      );
    }
  }

  /** Runs one batch's statement: rows stored, or undefined when it failed (reported, batch dropped). */
  async #write(what: string, rows: number, insert: () => Promise<number>): Promise<number | undefined> {
    this.#stats.batches++;
    try {
      try {
        return await insert();
      } catch (error) {
        // Two processes adding to one client's rollups can deadlock (PostgreSQL aborts one of
        // them); rows are written in key order to make it rare, and the loser tries once more.
        if (StoreQueryError.from(error)?.code !== SqlState.deadlockDetected) throw error;
        return await insert();
      }
    } catch (error) {
      this.#stats.failed += rows;
      this.#onWriteError(
        `Search recording: ${rows} ${what} could not be written and were dropped ` +
          `(${error instanceof Error ? error.message : String(error)})`,
        error,
      );
      return undefined;
    }
  }
}

/** A click's client and the chunk of searches holding its search. */
function chunkKey(row: SearchClickRow): string {
  return `${row.clientId}/${searchIdParts(row.searchId).chunkId}`;
}
