import {
  type Client,
  type ClientCreated,
  type ClientSettingsUpdate,
  canWriteAccountEngines,
  engineIndexName,
  KeywordClientSettings,
  ParametricClientSettings,
  type Viewer,
} from '@siteseer/core';
import { ConflictError, InputError, NotFoundError } from '../errors.ts';
import { forgetLiveEngines } from '../parametric/live-engine.ts';
import {
  findClient,
  findClientOfEngine,
  insertClient,
  listClients,
  updateClientSettings,
} from '../repositories/clients.ts';
import type { Store } from '../store/types.ts';
import { getEngine } from './engines.ts';
import { readableAccountIds } from './guards.ts';
import { checkKeywordClientRules } from './keyword-checks.ts';

export function listViewerClients(
  store: Store,
  viewer: Viewer,
  engineIds?: readonly string[],
): Promise<Client[]> {
  return listClients(store, readableAccountIds(viewer), engineIds);
}

/** A client the viewer may see; another account's client is a 404. */
export async function getClient(store: Store, viewer: Viewer, clientId: string): Promise<Client> {
  const client = await findClient(store, clientId);
  const ids = readableAccountIds(viewer);
  if (!client || (ids !== null && !ids.includes(client.accountId))) throw new NotFoundError('Client');
  return client;
}

/** Creates the client of an engine that has none (engines get theirs when created). */
export async function createClient(
  store: Store,
  viewer: Viewer,
  accountId: string,
  engineId: string,
): Promise<ClientCreated> {
  const engine = await getEngine(store, viewer, accountId, engineId);
  if (await findClientOfEngine(store, accountId, engineId)) {
    throw new ConflictError('This search engine already has a client.');
  }
  const settings =
    engine.searchEngineType === 'kw' ? KeywordClientSettings.parse({}) : ParametricClientSettings.parse({});
  const client = await insertClient(store, {
    accountId,
    engineId,
    type: engine.searchEngineType,
    indexName: engineIndexName(engine),
    settings,
  });
  return { id: client.id, indexName: client.indexName };
}

export async function updateSettings(
  store: Store,
  viewer: Viewer,
  clientId: string,
  update: ClientSettingsUpdate,
): Promise<Client> {
  const client = await getClient(store, viewer, clientId);
  if (!canWriteAccountEngines(viewer, client.accountId)) throw new NotFoundError('Client');
  if (update.type !== client.type) throw new InputError(`This client belongs to a ${client.type} engine.`);
  if (update.type === 'kw') checkKeywordClientRules(update.settings);
  const updated = await updateClientSettings(store, client.accountId, client.id, update.settings);
  // The search runtime remembers live clients briefly (PGlite): a new origin applies at once.
  await forgetLiveEngines(store);
  if (!updated) throw new NotFoundError('Client');
  return updated;
}
