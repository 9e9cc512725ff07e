import { CRAWL_STATUS } from '@siteseer/core';
import { saveRunLimits } from '../../repositories/crawler/crawlers.ts';
import {
  type CrawlOutcome,
  completeMany,
  countUnknown,
  type NewCrawlUrl,
  queueFound,
} from '../../repositories/crawler/frontier.ts';
import { type CrawledPage, dropPages, savePages } from '../../repositories/crawler/pages.ts';
import { StoreQueryError } from '../../store/errors.ts';
import type { Queryable, Store } from '../../store/types.ts';
import type { LimitTally } from './crawl-limits.ts';

/** Records written in one transaction at most; a full batch is written at once. */
export const WRITE_BATCH = 64;
/** How long a record waits for others to share its transaction. */
const WRITE_DELAY_MS = 100;
/**
 * URL keys a crawl remembers as queued, so links it meets again cost no write (~100 bytes each); no
 * more than the frontier may hold (the URL limit).
 */
const KNOWN_KEYS = 500_000;

/** What crawling one URL leaves to write. */
export interface UrlRecord {
  /** The leased URL's row. */
  id: number;
  urlKey: string;
  /** URLs found (links, the canonical URL) to queue. */
  links: readonly NewCrawlUrl[];
  /** The page's links were not followed: it is as deep as the depth limit allows. */
  tooDeep?: boolean;
  /** The page to save in the run; if its content is another page's, the URL becomes Duplicated. */
  page?: Omit<CrawledPage, 'accountId' | 'engineId' | 'runId'>;
  outcome: CrawlOutcome;
  /** False: the run's page for this URL goes (it is gone, moved, noindex, a duplicate...). */
  keepPage: boolean;
}

interface Pending {
  record: UrlRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes a crawl's records in batches: links, pages, dropped pages and statuses of up to
 * WRITE_BATCH URLs in one transaction, instead of several statements (and commits) per URL, the
 * bound of a crawl's speed on the store. Batches are written one after the other, in order.
 */
export class RunWriter {
  readonly #store: Store;
  readonly #run: { accountId: string; engineId: string; runId: number; owner: string };
  readonly #tally: LimitTally;
  readonly #known = new Set<string>();
  readonly #knownMax: number;
  /** The drive ended: nothing more is written (see discard). */
  #discarded = false;
  /** The frontier holds as many URLs as the URL limit allows. */
  #full = false;
  #pending: Pending[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    store: Store,
    run: { accountId: string; engineId: string; runId: number; owner: string },
    tally: LimitTally,
  ) {
    this.#store = store;
    this.#run = run;
    this.#tally = tally;
    this.#knownMax = Math.min(KNOWN_KEYS, tally.limits.maxUrls);
  }

  /** A URL whose row exists (taken from the frontier): links to it need no write. */
  know(urlKey: string): void {
    if (this.#known.size < this.#knownMax) this.#known.add(urlKey);
  }

  /**
   * Resolves once the record is written, or once the URL is recorded Failed because the store
   * refused what the record holds (see #writeAlone). Rejects when the store could not be written
   * (it is down, say): the URL's lease brings it back.
   */
  write(record: UrlRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ record, resolve, reject });
      if (this.#pending.length >= WRITE_BATCH) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), WRITE_DELAY_MS);
    });
  }

  /**
   * The crawl stopped (or was taken over, or the process closes): records not written yet are
   * dropped, and their URLs stay waiting, to be fetched again when the crawl goes on. Writing them
   * kept a stopped crawl's process busy for a second or more at 100k URLs (up to MAX_UNWRITTEN
   * records with their links), with the stop and the next report queued behind it on PGlite.
   */
  discard(): void {
    this.#discarded = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const dropped = this.#pending;
    this.#pending = [];
    for (const pending of dropped) pending.reject(new CrawlEndedError());
  }

  /** Writes what is pending now and waits for every batch to be written. */
  async drain(): Promise<void> {
    this.#flush();
    await this.#writing;
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    this.#writing = this.#writing.then(() => this.#write(batch));
  }

  /**
   * Writes the batch in one transaction. When the store refuses it for what a record holds, each
   * record is written on its own: a record the store cannot hold costs its own URL only, not its
   * batch's, whose leases would bring them back to fail together again, the crawl never ending.
   */
  async #write(batch: readonly Pending[]): Promise<void> {
    if (this.#discarded) {
      for (const pending of batch) pending.reject(new CrawlEndedError());
      return;
    }
    if (batch.length > 1) {
      try {
        await this.#commit(batch.map((pending) => pending.record));
        for (const pending of batch) pending.resolve();
        return;
      } catch (error) {
        if (!refusedRecord(error)) {
          for (const pending of batch) pending.reject(error);
          return;
        }
      }
    }
    for (const pending of batch) await this.#writeAlone(pending);
  }

  /**
   * Writes one record; when the store refuses it, records its URL as Failed, with the store's
   * reason and without its links and page, so its lease is released and the crawl goes on. The page
   * the run carried for the URL from the last crawl stays, as for other failures.
   */
  async #writeAlone(pending: Pending): Promise<void> {
    const { record } = pending;
    let refusal: StoreQueryError;
    try {
      await this.#commit([record]);
      pending.resolve();
      return;
    } catch (error) {
      if (!refusedRecord(error)) {
        pending.reject(error);
        return;
      }
      refusal = error;
    }
    // Text the store cannot hold is made storable before it is written (store/storable-text.ts):
    // a refusal is what that does not cover, worth a line in the log besides the report's reason.
    console.error(`The record of crawled URL ${record.urlKey} could not be stored:`, refusal);
    const failed: UrlRecord = {
      id: record.id,
      urlKey: record.urlKey,
      links: [],
      keepPage: true,
      outcome: {
        status: CRAWL_STATUS.FAILED,
        reason: `The page could not be stored: ${refusal.message}.`,
        nextCheck: record.outcome.nextCheck ?? null,
      },
    };
    try {
      await this.#commit([failed]);
      pending.resolve();
    } catch (error) {
      pending.reject(error);
    }
  }

  /** Writes records in one transaction; the links it queued are known once it is committed. */
  async #commit(records: readonly UrlRecord[]): Promise<void> {
    const queued = await this.#store.transaction((tx) => this.#writeBatch(tx, records));
    for (const link of queued) this.know(link.urlKey);
  }

  /** Writes the records' links, pages and statuses; returns the links now known to be queued. */
  async #writeBatch(tx: Queryable, records: readonly UrlRecord[]): Promise<NewCrawlUrl[]> {
    const { accountId, engineId, runId, owner } = this.#run;
    const links = records.flatMap((record) => record.links).filter((link) => !this.#known.has(link.urlKey));
    // URLs stay in the frontier for the whole run: once it is full, links are only counted.
    const queued = this.#full
      ? {
          overUrls: await countUnknown(
            tx,
            accountId,
            engineId,
            links.map((link) => link.urlKey),
          ),
          overVariants: {},
        }
      : await queueFound(tx, accountId, engineId, links, this.#tally.limits);
    if (queued.overUrls > 0) this.#full = true;
    // Links left out by a limit are not known: found again, they are counted again.
    const known = queued.overUrls === 0 && Object.keys(queued.overVariants).length === 0 ? links : [];
    this.#tally.queued(queued);
    this.#tally.tooDeep(records.filter((record) => record.tooDeep).length);
    const reached = this.#tally.changes();
    if (reached) await saveRunLimits(tx, this.#run, reached);

    const saving = records.filter((record) => record.page !== undefined);
    const pages = saving.flatMap((record) =>
      record.page ? [{ ...record.page, accountId, engineId, runId }] : [],
    );
    const duplicates = await savePages(tx, pages);
    const outcomes = new Map(records.map((record) => [record, { ...record.outcome }]));
    const dropped = new Set(records.filter((record) => !record.keepPage).map((record) => record.urlKey));
    saving.forEach((record, n) => {
      const duplicateOf = duplicates[n];
      if (duplicateOf === null || duplicateOf === undefined) return;
      const outcome = outcomes.get(record) as CrawlOutcome;
      Object.assign(outcome, {
        status: CRAWL_STATUS.DUPLICATED,
        reason: `Same content as ${duplicateOf}.`,
        etag: null,
        lastModified: null,
        canonicalUrl: null,
      });
      dropped.add(record.urlKey);
    });
    // A page saved in this batch stays, whatever another record of the batch said of its key.
    pages.forEach((page, n) => {
      if (duplicates[n] === null) dropped.delete(page.urlKey);
    });
    await dropPages(tx, { accountId, engineId, runId }, [...dropped]);
    await completeMany(
      tx,
      { accountId, engineId, owner },
      records.map((record) => ({ id: record.id, outcome: outcomes.get(record) as CrawlOutcome })),
    );
    return known;
  }
}

/** A record dropped because its crawl's drive ended before it was written. */
export class CrawlEndedError extends Error {
  constructor() {
    super('The crawl stopped before this URL was recorded; it is fetched again when the crawl goes on.');
    this.name = 'CrawlEndedError';
  }
}

/**
 * Whether the store refused a statement for the data it was given (SQLSTATE class 22, data
 * exception; 23, integrity constraint; 54, program limit exceeded, such as a key too long for its
 * index), which writing the same record again cannot change. Any other failure (the store is down,
 * restarting, a transaction was rolled back) may pass: the lease of the URL brings it back.
 */
function refusedRecord(error: unknown): error is StoreQueryError {
  return error instanceof StoreQueryError && ['22', '23', '54'].includes(error.code.slice(0, 2));
}
