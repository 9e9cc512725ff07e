import type { Client, ParametricConfiguration } from '@siteseer/core';
import { NotFoundError } from '../errors.ts';
import { isUuid } from '../repositories/ids.ts';
import {
  findLiveClient,
  findPublished,
  type LiveClientRecord,
} from '../repositories/parametric/published.ts';
import type { Store } from '../store/types.ts';
import { storeCache } from './search-cache.ts';

/** A published parametric engine, found by its client id (public: customer sites call with it). */
export interface LiveEngine {
  client: Client;
  engineName: string;
  version: number;
  /** Of the publish that made this version live: new on every publish (see 0003-publish-generation.sql). */
  generation: string;
  configuration: ParametricConfiguration;
}

/** Configurations by generation: read and parsed once per publish instead of on every search. */
const CONFIGURATIONS_MAX = 1000;

/**
 * The client, its engine and what is published, in one statement (every search starts here); the
 * configuration, the large part, only when this generation has not been seen yet.
 */
async function readLiveEngine(store: Store, clientId: string): Promise<LiveEngine> {
  return liveEngineOf(store, await findLiveClient(store, clientId));
}

/**
 * The live engine of a client already read with `findLiveClient` (the public config call reads
 * it first to learn the client's kind); 404 unless it is a parametric client with a publish.
 */
export async function liveEngineOf(store: Store, found: LiveClientRecord | undefined): Promise<LiveEngine> {
  if (found?.client.type !== 'pm' || found.version === null || found.generation === null)
    throw new NotFoundError('Search engine');
  const { client, engineName } = found;
  const configurations = storeCache<ParametricConfiguration>(store, 'configurations', CONFIGURATIONS_MAX);
  const known = configurations.get(`${client.engineId}:${found.generation}`);
  if (known)
    return { client, engineName, version: found.version, generation: found.generation, configuration: known };
  // A publish may have committed since the first statement: version, generation and configuration
  // are read together here, so they always belong to one publish.
  const current = await findPublished(store, client.accountId, client.engineId);
  if (!current) throw new NotFoundError('Search engine');
  configurations.set(`${client.engineId}:${current.generation}`, current.configuration);
  return {
    client,
    engineName,
    version: current.version,
    generation: current.generation,
    configuration: current.configuration,
  };
}

/**
 * How long a search may reuse what it read of a client. Every change to what a search reads of a
 * client (a publish, its settings, its deletion) calls `forgetLiveEngines` as it commits: in this
 * process directly, in the others (PostgreSQL) by a notification they listen for. Searches here
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
const CHANGES_CHANNEL = 'siteseer_live_engines';

interface Remembered {
  /** Undefined: the id has no live engine of this kind (404). */
  live: unknown;
  until: number;
}

/**
 * What changed, as announced: '' for a change to some client (a publish, its settings, its
 * deletion); `kw-generation:<accountId>/<engineId>` when a keyword engine has a new generation (a
 * new character mapping, its settings: the keyword runtime indexes it at once);
 * `kw-published:<accountId>/<engineId>` when the new generation is a crawl published, and nothing
 * else changed (see KEPT_WHILE_READ). Undefined to a handler: changes may have gone unheard.
 */
export type LiveChangeHandler = (change: string | undefined) => void;

/**
 * Changes after which what searches know of clients still answers while it is read again (as
 * past LIVE_TTL_MS): a crawl published changes only which generation a keyword engine searches,
 * and its searches are answered from the generation made until the new one is (see
 * GenerationRegistry.serving), so they need not wait for the read. After a crawl, PGlite is busy
 * (statistics, a vacuum, the new pages read for their index): the searches of every client waited
 * 0.6-1.4 s for their read (issue 34).
 */
export const KEPT_WHILE_READ = 'kw-published:';

interface Cache {
  /** Changes forgotten so far, so a read that raced a change is not kept. */
  publishes: number;
  /** By engine kind and client id ('pm:<id>', 'kw:<id>', 'any:<id>'). */
  clients: Map<string, Remembered>;
  /** Reads under way, by the same keys: the searches that miss meanwhile wait for them. */
  reading: Map<string, Promise<unknown>>;
  /** Whether the cache hears of every change (PGlite: one process; PostgreSQL: while listening). */
  complete: () => boolean;
  handlers: Set<LiveChangeHandler>;
}

const caches = new WeakMap<Store, Cache>();

function forget(cache: Cache, change: string | undefined): void {
  cache.publishes++;
  if (change?.startsWith(KEPT_WHILE_READ)) {
    // Read again by the next search of each, which is answered as known meanwhile.
    const now = performance.now();
    for (const known of cache.clients.values()) known.until = Math.min(known.until, now);
  } else cache.clients.clear();
  // A read begun before the change may return what it replaced: later searches read afresh.
  cache.reading.clear();
  for (const handler of cache.handlers) handler(change);
}

function cacheOf(store: Store): Cache {
  let cache = caches.get(store);
  if (!cache) {
    const made: Cache = {
      publishes: 0,
      clients: new Map(),
      reading: new Map(),
      complete: () => store.kind === 'pglite',
      handlers: new Set(),
    };
    const listener = store.listen?.(CHANGES_CHANNEL, {
      onMessage: (payload) => forget(made, payload),
      onGap: () => forget(made, undefined),
    });
    if (listener) made.complete = () => listener.live;
    caches.set(store, made);
    cache = made;
  }
  return cache;
}

/**
 * The live engine of kind `kind` for a client id, read by `read` (which throws NotFoundError when
 * the id has none of this kind) and remembered as below: the cache and invalidation that both
 * engine kinds' public searches share.
 */
export async function cachedLive<T>(
  store: Store,
  kind: 'pm' | 'kw' | 'any',
  clientId: string,
  read: (store: Store, clientId: string) => Promise<T>,
): Promise<T> {
  const cache = cacheOf(store);
  if (!cache.complete()) return read(store, clientId);
  const now = performance.now();
  const key = `${kind}:${clientId}`;
  const known = cache.clients.get(key);
  if (known && known.until > now) {
    if (known.live !== undefined) return known.live as T;
    throw new NotFoundError('Search engine');
  }
  // Known, and no change announced since (a change empties the cache): answered as known while read.
  const stale = known?.live !== undefined && now - known.until < STALE_MAX_MS ? known : undefined;
  // One read per client at a time: under load every search in flight misses when the time is up,
  // and each reading on its own queued them all behind as many statements (PGlite runs one at a time).
  const reading = cache.reading.get(key);
  if (reading) return stale ? (stale.live as T) : (reading as Promise<T>);
  const publishes = cache.publishes;
  const remember = (live: T | undefined, ttl: number) => {
    if (cache.publishes !== publishes) return;
    if (cache.clients.size >= LIVE_MAX) cache.clients.clear();
    cache.clients.set(key, { live, until: now + ttl });
  };
  const fresh = read(store, clientId).then(
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
  cache.reading.set(key, fresh);
  const settled = () => {
    if (cache.reading.get(key) === fresh) cache.reading.delete(key);
  };
  fresh.then(settled, settled);
  if (!stale) return fresh;
  fresh.catch((error: unknown) => {
    // Gone (404 from now on) is remembered by the read; any other failure (the store down) drops
    // what was known, so the next search reads again and answers that failure itself.
    if (!(error instanceof NotFoundError) && cache.clients.get(key) === stale) cache.clients.delete(key);
  });
  return stale.live as T;
}

/**
 * The client, its engine and what is published, by client id: where every public search starts.
 * Refused (404) for an unknown client, a keyword engine's, or an engine with nothing published.
 */
export function liveEngine(store: Store, clientId: string): Promise<LiveEngine> {
  return cachedLive(store, 'pm', clientId, readLiveEngine);
}

/**
 * Calls `handler` with every change announced from now on, in this process and (PostgreSQL) in
 * the others; returns the unsubscription.
 */
export function onLiveChange(store: Store, handler: LiveChangeHandler): () => void {
  const cache = cacheOf(store);
  cache.handlers.add(handler);
  return () => cache.handlers.delete(handler);
}

/**
 * Called once a change to what searches read of clients has committed: the next search of any
 * client, in this process and (PostgreSQL) in the others, reads what is live now. `change` says
 * what changed (see LiveChangeHandler).
 */
export async function forgetLiveEngines(store: Store, change = ''): Promise<void> {
  const cache = caches.get(store);
  if (cache) forget(cache, change);
  if (store.kind === 'postgres') {
    // After the commit, so a process that hears it reads the change. Should it fail, the change
    // stands: other processes see it within LIVE_TTL_MS, as any change they were not told of.
    await store.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, change]).catch(() => undefined);
  }
}
