import type { Client, ParametricConfiguration } from '@siteseer/core';
import { NotFoundError } from '../errors.ts';
import {
  findLiveClient,
  findPublished,
  type LiveClientRecord,
} from '../repositories/parametric/published.ts';
import type { LiveClients } from '../serving/live-clients.ts';
import type { SearchSource } from '../serving/search-source.ts';

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
 * configuration, the large part, only when this generation has not been seen yet. Not remembered:
 * public searches read through LiveClients.
 */
export async function readLiveEngine(source: SearchSource, clientId: string): Promise<LiveEngine> {
  return liveEngineOf(source, await findLiveClient(source.store, clientId));
}

/**
 * The live engine of a client already read with `findLiveClient` (the public config call reads
 * it first to learn the client's kind); 404 unless it is a parametric client with a publish.
 */
export async function liveEngineOf(
  { store, caches }: SearchSource,
  found: LiveClientRecord | undefined,
): Promise<LiveEngine> {
  if (found?.client.type !== 'pm' || found.version === null || found.generation === null)
    throw new NotFoundError('Search engine');
  const { client, engineName } = found;
  const configurations = caches.cache<ParametricConfiguration>('configurations', CONFIGURATIONS_MAX);
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
 * The published parametric engine of a client id, through what searches know of clients (404 for
 * an unknown client, a keyword one, or nothing published): where every public parametric call starts.
 */
export function liveEngine(clients: LiveClients, clientId: string): Promise<LiveEngine> {
  return clients.cached('pm', clientId, readLiveEngine);
}
