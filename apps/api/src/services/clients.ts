import {
  type Client,
  type ClientCreated,
  type ClientSettingsUpdate,
  engineIndexName,
  KeywordClientSettings,
  ParametricClientSettings,
} from '@siteseer/core';
import { engineOf, readAccess, readableAccountIds, requireWrite } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { Changes } from '../changes/changes.ts';
import { ConflictError, InputError, NotFoundError } from '../errors.ts';
import {
  findClient,
  findClientOfEngine,
  insertClient,
  listClients,
  updateClientSettings,
} from '../repositories/clients.ts';
import { announceClientsChanged } from '../serving/live-clients.ts';
import type { Store } from '../store/types.ts';
import { checkKeywordClientRules } from './keyword-checks.ts';

export function listCallerClients(
  store: Store,
  principal: Principal,
  engineIds?: readonly string[],
): Promise<Client[]> {
  return listClients(store, readableAccountIds(principal), engineIds);
}

/** A client the caller may see; another account's client is a 404. */
export async function getClient(store: Store, principal: Principal, clientId: string): Promise<Client> {
  const client = await findClient(store, clientId);
  const ids = readableAccountIds(principal);
  if (!client || (ids !== null && !ids.includes(client.accountId))) throw new NotFoundError('Client');
  return client;
}

/** Creates the client of an engine that has none (engines get theirs when created). */
export async function createClient(
  store: Store,
  principal: Principal,
  accountId: string,
  engineId: string,
): Promise<ClientCreated> {
  const access = await readAccess(store, principal, accountId);
  const engine = await engineOf(store, access, engineId);
  await requireWrite(store, access, engine, 'edit');
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
  changes: Changes,
  principal: Principal,
  clientId: string,
  update: ClientSettingsUpdate,
): Promise<Client> {
  const client = await getClient(store, principal, clientId);
  const access = await readAccess(store, principal, client.accountId);
  await requireWrite(store, access, { accountId: client.accountId, searchEngineType: client.type }, 'edit');
  if (update.type !== client.type) throw new InputError(`This client belongs to a ${client.type} engine.`);
  const settings =
    update.type === 'kw'
      ? { ...update.settings, urlRewriteRules: checkKeywordClientRules(update.settings) }
      : update.settings;
  const updated = await updateClientSettings(store, client.accountId, client.id, settings);
  // The search runtime remembers live clients briefly (PGlite): a new origin applies at once.
  await announceClientsChanged(changes);
  if (!updated) throw new NotFoundError('Client');
  return updated;
}
