import type { Client, KeywordSettings, SearchEngine } from '@siteseer/core';
import { KeywordClientSettings, KeywordSettings as KeywordSettingsSchema, MESSAGES } from '@siteseer/core';
import type { LoaderFunctionArgs } from 'react-router';
import { unwrap } from '../../api/portal-api.ts';
import { engineQuery, enginesQuery } from '../../api/queries.ts';
import type { Services } from '../../shell/services.tsx';
import { throwApiErrorRedirect } from '../loader-errors.ts';

/** A keyword engine as the edit wizard starts from it. */
export interface LoadedKeywordEngine {
  engineId: string;
  accountId: string;
  searchEngineName: string;
  clientId: string | undefined;
  settings: KeywordSettings;
}

/** What the edit route's loader hands the wizard: the engine to edit, or why there is none. */
export type KeywordEditLoad =
  | { state: 'ready'; engine: LoadedKeywordEngine }
  | { state: 'failed'; message: string };

export const ENGINE_NOT_FOUND = 'This search engine was not found.';

/**
 * The wizard's settings of a loaded engine. The engine row holds every setting the wizard saved,
 * crawler settings included (there is no call that reads a crawler back); the client holds what the
 * search runtime reads, so its copy wins for those fields. A client whose settings do not read as
 * keyword settings (never written by a wizard) leaves the engine's copy in place.
 */
function settingsOf(engine: SearchEngine, client: Client | undefined): KeywordSettings {
  const base = KeywordSettingsSchema.parse(
    Object.fromEntries(Object.entries(engine).filter(([key]) => key in KeywordSettingsSchema.shape)),
  );
  const read = client ? KeywordClientSettings.safeParse(client.settings) : undefined;
  if (!read?.success) return base;
  const fromClient = read.data;
  return {
    ...base,
    origin: fromClient.origin,
    relevance: fromClient.relevance,
    resultRanking:
      fromClient.resultRanking.entries.length > 0 ? fromClient.resultRanking.entries : base.resultRanking,
    resultRankingEnabled: fromClient.resultRanking.enabled,
    tabs: fromClient.tabs,
    useTabs: fromClient.useTabs,
    crossReferenceCategory: fromClient.crossReferenceCategory,
    synonymFieldId: fromClient.synonymFieldId ?? base.synonymFieldId,
    urlRewriteRules: fromClient.urlRewriteRules,
  };
}

/**
 * The edit route's loader (/engine/keyword/{id}/edit): the engine (with its crawler settings) and
 * its client's settings, before the wizard shows. An engine the user cannot see is not found; 401
 * and 500 and above go where the shell sends them; any other failure is the wizard's message.
 */
export function editLoader({ api, queryClient, session }: Services) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<KeywordEditLoad> => {
    try {
      const engines = await queryClient.ensureQueryData(enginesQuery(api));
      const listed = engines.find((engine) => engine.id === params.engineId);
      if (!params.engineId || !listed) return { state: 'failed', message: ENGINE_NOT_FOUND };
      // fetchQuery: an edit starts from what the server holds now, not from a cached list.
      const [engine, clients] = await Promise.all([
        queryClient.fetchQuery(engineQuery(api, params.engineId, listed.accountId)),
        api.clients.byEngineIds([params.engineId]).then((response) => unwrap(response)),
      ]);
      if (engine.searchEngineType !== 'kw') return { state: 'failed', message: MESSAGES.unknownEngineType };
      const client = clients.find((c) => c.engineId === engine.id);
      return {
        state: 'ready',
        engine: {
          engineId: engine.id,
          accountId: engine.accountId,
          searchEngineName: engine.searchEngineName,
          clientId: client?.id,
          settings: settingsOf(engine, client),
        },
      };
    } catch (error) {
      throwApiErrorRedirect(error, session, new URL(request.url));
      return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
}
