import {
  type EngineCreated,
  type EngineDraft,
  type EngineUpdated,
  engineIndexName,
  keywordClientSettings,
  ParametricClientSettings,
  type ProductType,
  type SearchEngine,
  validateEngineName,
} from '@siteseer/core';
import {
  engineOf,
  readAccess,
  readableAccountIds,
  requireProduct,
  requireWrite,
  writeAccess,
} from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { Changes } from '../changes/changes.ts';
import { ConflictError, InputError, NotFoundError } from '../errors.ts';
import { announceKeywordGeneration } from '../keyword/runtime/publish-announce.ts';
import { insertClient } from '../repositories/clients.ts';
import { listEngineHealth } from '../repositories/engine-health.ts';
import { deleteEngineRow, insertEngine, listEngines, updateEngineRow } from '../repositories/engines.ts';
import { attachImport } from '../repositories/parametric/imports.ts';
import { findVersion } from '../repositories/parametric/versions.ts';
import { announceClientsChanged } from '../serving/live-clients.ts';
import type { Queryable, Store } from '../store/types.ts';
import { checkKeywordDraft } from './keyword-checks.ts';

function keywordSettingsOf(draft: Extract<EngineDraft, { searchEngineType: 'kw' }>) {
  const { id: _id, accountId: _a, searchEngineName: _n, searchEngineType: _t, urls, ...settings } = draft;
  return { settings, urls };
}

export async function listCallerEngines(
  store: Store,
  principal: Principal,
  type?: ProductType,
): Promise<SearchEngine[]> {
  const accountIds = readableAccountIds(principal);
  const [list, health] = await Promise.all([
    listEngines(store, { accountIds, type }),
    listEngineHealth(store, accountIds),
  ]);
  return list.map((engine) => {
    const engineHealth = health.get(engine.id);
    return engineHealth ? { ...engine, health: engineHealth } : engine;
  });
}

export async function getEngine(store: Store, principal: Principal, accountId: string, engineId: string) {
  return engineOf(store, await readAccess(store, principal, accountId), engineId);
}

/** Creates an engine and its client in one transaction. */
export async function createEngine(
  store: Store,
  principal: Principal,
  draft: EngineDraft,
): Promise<EngineCreated> {
  const type = draft.searchEngineType;
  const { account, author: by } = await writeAccess(
    store,
    principal,
    { accountId: draft.accountId, searchEngineType: type },
    'create',
  );
  requireProduct(account, type);
  const nameProblem = validateEngineName(draft.searchEngineName);
  if (nameProblem) throw new InputError(nameProblem, { field: 'searchEngineName' });
  const name = draft.searchEngineName.trim();
  const keywordDraft =
    draft.searchEngineType === 'kw' ? { ...draft, urlRewriteRules: checkKeywordDraft(draft) } : undefined;

  return store.transaction(async (tx) => {
    if (keywordDraft) {
      const { settings, urls } = keywordSettingsOf(keywordDraft);
      const engine = await insertEngine(tx, account.id, { name, type: 'kw', settings, urls, by });
      const synonymFieldId = `synonyms-${engine.id}`;
      await updateEngineRow(tx, account.id, engine.id, {
        settings: { ...settings, synonymFieldId },
        urls,
        by,
      });
      const client = await insertClient(tx, {
        accountId: account.id,
        engineId: engine.id,
        type: 'kw',
        indexName: engineIndexName(engine),
        settings: keywordClientSettings(keywordDraft, synonymFieldId),
      });
      return { documentId: engine.id, synonymFieldId, clientId: client.id };
    }
    const engine = await insertEngine(tx, account.id, { name, type: 'pm', settings: {}, urls: [], by });
    const importId = draft.searchEngineType === 'pm' ? draft.searchEngineDetail?.importId : undefined;
    if (importId) await attachSpreadsheet(tx, account.id, importId, engine.id);
    const client = await insertClient(tx, {
      accountId: account.id,
      engineId: engine.id,
      type: 'pm',
      indexName: engineIndexName(engine),
      settings: ParametricClientSettings.parse({}),
    });
    return { documentId: engine.id, synonymFieldId: null, clientId: client.id };
  });
}

/**
 * Makes the uploaded spreadsheet the new engine's file (the draft's `searchEngineDetail.importId`),
 * so its configuration can be saved before anything is published. A spreadsheet of another
 * account is a 404; one that belongs to another engine, a conflict.
 */
async function attachSpreadsheet(tx: Queryable, accountId: string, importId: string, engineId: string) {
  const version = await findVersion(tx, accountId, importId);
  if (!version) throw new NotFoundError('Spreadsheet');
  if (version.engineId && version.engineId !== engineId) {
    throw new ConflictError('This spreadsheet belongs to another search engine.');
  }
  await attachImport(tx, accountId, importId, engineId);
}

/** Updates a keyword engine's settings and site list. The name and account cannot change. */
export async function updateEngine(
  store: Store,
  changes: Changes,
  principal: Principal,
  engineId: string,
  draft: EngineDraft,
): Promise<EngineUpdated> {
  const access = await readAccess(store, principal, draft.accountId);
  const engine = await engineOf(store, access, engineId);
  await requireWrite(store, access, engine, 'edit');
  const by = access.author;
  if (draft.searchEngineType !== engine.searchEngineType)
    throw new InputError('The engine type cannot be changed.');
  if (draft.searchEngineName.trim() !== engine.searchEngineName) {
    throw new InputError('Search engine names cannot be changed.', { field: 'searchEngineName' });
  }
  if (draft.searchEngineType !== 'kw') return { synonymFieldId: null };
  const { settings, urls } = keywordSettingsOf({ ...draft, urlRewriteRules: checkKeywordDraft(draft) });
  const synonymFieldId = engine.synonymFieldId ?? `synonyms-${engine.id}`;
  await updateEngineRow(store, engine.accountId, engine.id, {
    settings: { ...settings, synonymFieldId },
    urls,
    by,
  });
  // Searches read the synonyms and the character mapping from the engine row: new ones apply at
  // once (a new mapping is a new index, made now).
  await announceKeywordGeneration(changes, { accountId: engine.accountId, engineId: engine.id });
  return { synonymFieldId };
}

/** Deletes an engine; its client goes with it (foreign key cascade). */
export async function deleteEngine(
  store: Store,
  changes: Changes,
  principal: Principal,
  accountId: string,
  engineId: string,
) {
  const access = await readAccess(store, principal, accountId);
  const engine = await engineOf(store, access, engineId);
  await requireWrite(store, access, engine, 'delete');
  await deleteEngineRow(store, accountId, engineId);
  // A keyword engine's indexes are dropped in every process (its clients are forgotten either way).
  if (engine.searchEngineType === 'kw') await announceKeywordGeneration(changes, { accountId, engineId });
  else await announceClientsChanged(changes);
  return { id: engineId };
}
