import type { Client, ParametricConfiguration } from '@siteseer/core';
import { NotFoundError } from '../errors.ts';
import { isUuid } from '../repositories/ids.ts';
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

interface LiveRow {
  id: string;
  account_id: string;
  engine_id: string;
  type: Client['type'];
  index_name: string;
  settings: Record<string, unknown>;
  engine_name: string;
  version: number | null;
  generation: string | null;
}

/** Configurations by generation: read and parsed once per publish instead of on every search. */
const CONFIGURATIONS_MAX = 1000;

/**
 * The client, its engine and what is published, in one statement (every search starts here); the
 * configuration, the large part, only when this generation has not been seen yet.
 */
async function readLiveEngine(store: Store, clientId: string): Promise<LiveEngine> {
  if (!isUuid(clientId)) throw new NotFoundError('Search engine');
  const { rows } = await store.query<LiveRow>(
    `SELECT c.id, c.account_id, c.engine_id, c.type, c.index_name, c.settings, e.name AS engine_name,
       p.version, p.generation::text AS generation
     FROM clients c
     JOIN engines e ON e.account_id = c.account_id AND e.id = c.engine_id
     LEFT JOIN parametric_published p ON p.account_id = c.account_id AND p.engine_id = c.engine_id
     WHERE c.id = $1`,
    [clientId],
  );
  const row = rows[0];
  if (row?.type !== 'pm' || row.version === null || row.generation === null)
    throw new NotFoundError('Search engine');
  const client: Client = {
    id: row.id,
    accountId: row.account_id,
    engineId: row.engine_id,
    type: row.type,
    indexName: row.index_name,
    settings: row.settings,
  };
  const configurations = storeCache<ParametricConfiguration>(store, 'configurations', CONFIGURATIONS_MAX);
  const known = configurations.get(`${row.engine_id}:${row.generation}`);
  if (known) {
    return {
      client,
      engineName: row.engine_name,
      version: row.version,
      generation: row.generation,
      configuration: known,
    };
  }
  // A publish may have committed since the first statement: version, generation and configuration
  // are read together here, so they always belong to one publish.
  const published = await store.query<{
    version: number;
    generation: string;
    configuration: ParametricConfiguration;
  }>(
    `SELECT version, generation::text AS generation, configuration FROM parametric_published
     WHERE account_id = $1 AND engine_id = $2`,
    [row.account_id, row.engine_id],
  );
  const current = published.rows[0];
  if (!current) throw new NotFoundError('Search engine');
  configurations.set(`${row.engine_id}:${current.generation}`, current.configuration);
  return {
    client,
    engineName: row.engine_name,
    version: current.version,
    generation: current.generation,
    configuration: current.configuration,
  };
}

/**
 * How long a search may reuse what it read of a client, on PGlite only. A PGlite database belongs
 * to one process (its data directory cannot be opened twice), so every publish goes through this
 * process and calls `forgetLiveEngines` as it commits: searches never see an older publish after
 * that. Other changes to a client (its settings, its deletion) show within this time. On PostgreSQL
 * other instances publish too, so every search reads the client afresh.
 */
const LIVE_TTL_MS = 250;
const LIVE_MAX = 10_000;

interface Remembered {
  live: LiveEngine;
  until: number;
}

/** Per store: what was read, and a count of publishes, so a read that raced a publish is not kept. */
const remembered = new WeakMap<Store, { publishes: number; clients: Map<string, Remembered> }>();

function rememberedOf(store: Store) {
  let entry = remembered.get(store);
  if (!entry) {
    entry = { publishes: 0, clients: new Map() };
    remembered.set(store, entry);
  }
  return entry;
}

/**
 * The client, its engine and what is published, by client id: where every public search starts.
 * Refused (404) for an unknown client, a keyword engine's, or an engine with nothing published.
 */
export async function liveEngine(store: Store, clientId: string): Promise<LiveEngine> {
  if (store.kind !== 'pglite') return readLiveEngine(store, clientId);
  const cache = rememberedOf(store);
  const now = performance.now();
  const known = cache.clients.get(clientId);
  if (known && known.until > now) return known.live;
  const publishes = cache.publishes;
  const live = await readLiveEngine(store, clientId);
  if (cache.publishes === publishes) {
    if (cache.clients.size >= LIVE_MAX) cache.clients.clear();
    cache.clients.set(clientId, { live, until: now + LIVE_TTL_MS });
  }
  return live;
}

/** Called once a publish has committed: the next search of any client reads what is live now. */
export function forgetLiveEngines(store: Store): void {
  const cache = remembered.get(store);
  if (!cache) return;
  cache.publishes++;
  cache.clients.clear();
}
