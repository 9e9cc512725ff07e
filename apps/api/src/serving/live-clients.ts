import { type Changes, keywordGenerationOf } from '../changes/changes.ts';
import { NotFoundError } from '../errors.ts';
import { isUuid } from '../repositories/ids.ts';
import type { SearchSource } from './search-source.ts';

/**
 * How long a search may reuse what it read of a client. Every change to what a search reads of a
 * client (a publish, its settings, its deletion) is announced as it commits
 * (announceClientsChanged): in this process directly, in the others (PostgreSQL) by a
 * notification they listen for. Searches here
 * never see an older publish once the change has answered; in the other processes, once its
 * notification arrived (milliseconds). Other changes (an account deleted with its clients) show
 * within this time, plus the time its read again takes (see STALE_MAX_MS). On PostgreSQL, while
 * this process is not listening (its listening connection lost), every search reads the client
 * afresh.
 */
const LIVE_TTL_MS = 250;
/**
 * How long past LIVE_TTL_MS a client no change was announced for is still answered while it is
 * read again: searches do not wait for that read. On PGlite a statement waits for the one
 * transaction at a time (a crawl's batch of pages, an import's cells: 0.1–3 s on a busy machine),
 * and every search of a client waited for its read each LIVE_TTL_MS (issue 34: searches beside a
 * crawl and an import). Past this age (the store stuck), searches wait for the read again.
 */
const STALE_MAX_MS = 10_000;
/**
 * How long a client id that has no live engine (no such client, one of the other kind, nothing
 * published) answers 404 without a look-up: a deleted engine's snippet left on a busy site, or
 * made-up ids sent again, cost one statement per id in this time. Longer than LIVE_TTL_MS because
 * only a publish makes such an id live, and a publish forgets the cache like any change above.
 * An unknown id is never created afterwards: client ids are random UUIDs made by the database.
 */
const UNKNOWN_TTL_MS = 10_000;
const LIVE_MAX = 10_000;
interface Remembered {
  /** Undefined: the id has no live engine of this kind (404). */
  live: unknown;
  until: number;
}

/**
 * What public searches know of clients, by engine kind and client id ('pm:<id>', 'kw:<id>',
 * 'any:<id>'): one per app, forgotten on every change announced (Changes, topics `clients` and
 * `keywordGenerations`), so every public search starts here without a statement most of the time.
 */
export class LiveClients {
  /** What reads of clients read with. */
  readonly source: SearchSource;
  readonly #changes: Changes;
  /** Changes forgotten so far, so a read that raced a change is not kept. */
  #publishes = 0;
  readonly #clients = new Map<string, Remembered>();
  /** Reads under way, by the same keys: the searches that miss meanwhile wait for them. */
  readonly #reading = new Map<string, Promise<unknown>>();
  readonly #unsubscribe: (() => void)[];

  constructor(source: SearchSource, changes: Changes) {
    this.source = source;
    this.#changes = changes;
    this.#unsubscribe = [
      changes.on('clients', () => this.#forget(false)),
      // A crawl published changes only which generation a keyword engine searches, and its searches
      // are answered from the generation made until the new one is (GenerationRegistry.serving): what
      // is known of clients still answers while it is read again. After a crawl PGlite is busy
      // (statistics, a vacuum, the new pages read for their index): every client's searches waited
      // 0.6-1.4 s for their read when the cache was emptied.
      changes.on('keywordGenerations', (payload) =>
        this.#forget(keywordGenerationOf(payload)?.kind === 'published'),
      ),
    ];
  }

  /**
   * The live engine of kind `kind` for a client id, read by `read` (which throws NotFoundError when
   * the id has none of this kind) and remembered as above: the cache that both engine kinds'
   * public searches share.
   */
  async cached<T>(
    kind: 'pm' | 'kw' | 'any',
    clientId: string,
    read: (source: SearchSource, clientId: string) => Promise<T>,
  ): Promise<T> {
    const source = this.source;
    // Not every change is heard here (PostgreSQL's listening connection lost): read afresh.
    if (!this.#changes.hearsAll('clients') || !this.#changes.hearsAll('keywordGenerations'))
      return read(source, clientId);
    const now = performance.now();
    const key = `${kind}:${clientId}`;
    const known = this.#clients.get(key);
    if (known && known.until > now) {
      if (known.live !== undefined) return known.live as T;
      throw new NotFoundError('Search engine');
    }
    // Known, and no change announced since (a change empties the cache): answered as known while read.
    const stale = known?.live !== undefined && now - known.until < STALE_MAX_MS ? known : undefined;
    // One read per client at a time: under load every search in flight misses when the time is up,
    // and each reading on its own queued them all behind as many statements (PGlite runs one at a time).
    const reading = this.#reading.get(key);
    if (reading) return stale ? (stale.live as T) : (reading as Promise<T>);
    const publishes = this.#publishes;
    const remember = (live: T | undefined, ttl: number) => {
      if (this.#publishes !== publishes) return;
      if (this.#clients.size >= LIVE_MAX) this.#clients.clear();
      this.#clients.set(key, { live, until: now + ttl });
    };
    const fresh = read(source, clientId).then(
      (live) => {
        remember(live, LIVE_TTL_MS);
        return live;
      },
      (error: unknown) => {
        // Ids that are not UUIDs are refused without a statement: not worth a place in the cache.
        if (error instanceof NotFoundError && isUuid(clientId)) remember(undefined, UNKNOWN_TTL_MS);
        throw error;
      },
    );
    this.#reading.set(key, fresh);
    const settled = () => {
      if (this.#reading.get(key) === fresh) this.#reading.delete(key);
    };
    fresh.then(settled, settled);
    if (!stale) return fresh;
    fresh.catch((error: unknown) => {
      // Gone (404 from now on) is remembered by the read; any other failure (the store down) drops
      // what was known, so the next search reads again and answers that failure itself.
      if (!(error instanceof NotFoundError) && this.#clients.get(key) === stale) this.#clients.delete(key);
    });
    return stale.live as T;
  }

  /** Stops hearing changes. */
  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
  }

  #forget(keptWhileRead: boolean): void {
    this.#publishes++;
    if (keptWhileRead) {
      // Read again by the next search of each, which is answered as known meanwhile.
      const now = performance.now();
      for (const known of this.#clients.values()) known.until = Math.min(known.until, now);
    } else this.#clients.clear();
    // A read begun before the change may return what it replaced: later searches read afresh.
    this.#reading.clear();
  }
}

/**
 * Announces, once it has committed, a change to what searches read of clients (a publish, a client's
 * settings, an engine or account deleted): the next search of any client, in this process and
 * (PostgreSQL) in the others, reads what is live now.
 */
export function announceClientsChanged(changes: Changes): Promise<void> {
  return changes.announce('clients', '');
}
