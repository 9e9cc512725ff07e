import {
  type EngineCreated,
  type EngineDraft,
  type EngineUpdated,
  engineIndexName,
  KeywordClientSettings,
  ParametricClientSettings,
  PRODUCT_LABELS,
  type ProductType,
  type SearchEngine,
  type Viewer,
  validateEngineName,
} from '@siteseer/core';
import { InputError, NotFoundError } from '../errors.ts';
import { forgetLiveEngines } from '../parametric/live-engine.ts';
import { insertClient } from '../repositories/clients.ts';
import {
  deleteEngineRow,
  findEngine,
  insertEngine,
  listEngines,
  updateEngineRow,
} from '../repositories/engines.ts';
import type { Store } from '../store/types.ts';
import { readableAccountIds, visibleAccount } from './guards.ts';
import { checkKeywordDraft } from './keyword-checks.ts';

/** Who wrote a change, as engines record it: the login's e-mail, or INGEST_API for the data-source API. */
export type Author = string;

function keywordSettingsOf(draft: Extract<EngineDraft, { searchEngineType: 'kw' }>) {
  const { id: _id, accountId: _a, searchEngineName: _n, searchEngineType: _t, urls, ...settings } = draft;
  return { settings, urls };
}

/** The client settings a keyword engine's draft implies (what the search runtime reads). */
function keywordClientSettings(
  draft: Extract<EngineDraft, { searchEngineType: 'kw' }>,
  synonymFieldId: string,
) {
  return KeywordClientSettings.parse({
    origin: draft.origin,
    relevance: draft.relevance,
    resultRanking: { enabled: draft.resultRankingEnabled, entries: draft.resultRanking ?? [] },
    tabs: draft.tabs,
    useTabs: draft.useTabs,
    crossReferenceCategory: draft.crossReferenceCategory,
    synonymFieldId,
    urlRewriteRules: draft.urlRewriteRules,
  });
}

export async function listViewerEngines(
  store: Store,
  viewer: Viewer,
  type?: ProductType,
): Promise<SearchEngine[]> {
  return listEngines(store, { accountIds: readableAccountIds(viewer), type });
}

export async function getEngine(store: Store, viewer: Viewer, accountId: string, engineId: string) {
  await visibleAccount(store, viewer, accountId);
  const engine = await findEngine(store, accountId, engineId);
  if (!engine) throw new NotFoundError('Search engine');
  return engine;
}

/** Creates an engine and its client in one transaction. */
export async function createEngine(
  store: Store,
  viewer: Viewer,
  draft: EngineDraft,
  by: Author,
): Promise<EngineCreated> {
  const account = await visibleAccount(store, viewer, draft.accountId);
  if (!account.products.includes(draft.searchEngineType)) {
    throw new InputError(`This account does not support ${PRODUCT_LABELS[draft.searchEngineType]} engines.`);
  }
  const nameProblem = validateEngineName(draft.searchEngineName);
  if (nameProblem) throw new InputError(nameProblem, { field: 'searchEngineName' });
  const name = draft.searchEngineName.trim();
  if (draft.searchEngineType === 'kw') checkKeywordDraft(draft);

  return store.transaction(async (tx) => {
    if (draft.searchEngineType === 'kw') {
      const { settings, urls } = keywordSettingsOf(draft);
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
        settings: keywordClientSettings(draft, synonymFieldId),
      });
      return { documentId: engine.id, synonymFieldId, clientId: client.id };
    }
    const engine = await insertEngine(tx, account.id, { name, type: 'pm', settings: {}, urls: [], by });
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

/** Updates a keyword engine's settings and site list. The name and account cannot change. */
export async function updateEngine(
  store: Store,
  viewer: Viewer,
  engineId: string,
  draft: EngineDraft,
  by: Author,
): Promise<EngineUpdated> {
  const engine = await getEngine(store, viewer, draft.accountId, engineId);
  if (draft.searchEngineType !== engine.searchEngineType)
    throw new InputError('The engine type cannot be changed.');
  if (draft.searchEngineName.trim() !== engine.searchEngineName) {
    throw new InputError('Search engine names cannot be changed.', { field: 'searchEngineName' });
  }
  if (draft.searchEngineType !== 'kw') return { synonymFieldId: null };
  checkKeywordDraft(draft);
  const { settings, urls } = keywordSettingsOf(draft);
  const synonymFieldId = engine.synonymFieldId ?? `synonyms-${engine.id}`;
  await updateEngineRow(store, engine.accountId, engine.id, {
    settings: { ...settings, synonymFieldId },
    urls,
    by,
  });
  return { synonymFieldId };
}

/** Deletes an engine; its client goes with it (foreign key cascade). */
export async function deleteEngine(store: Store, viewer: Viewer, accountId: string, engineId: string) {
  await getEngine(store, viewer, accountId, engineId);
  await deleteEngineRow(store, accountId, engineId);
  await forgetLiveEngines(store);
  return { id: engineId };
}
