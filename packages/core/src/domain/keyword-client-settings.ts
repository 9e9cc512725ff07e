import { KeywordClientSettings } from './client.ts';
import type { KeywordSettings } from './keyword.ts';

/** The keyword settings a client's settings are made of (the rest stays with engine and crawler). */
export type KeywordClientSource = Pick<
  KeywordSettings,
  | 'origin'
  | 'relevance'
  | 'resultRanking'
  | 'resultRankingEnabled'
  | 'tabs'
  | 'useTabs'
  | 'crossReferenceCategory'
  | 'urlRewriteRules'
  | 'suggestions'
>;

/**
 * The client settings a keyword engine's settings imply (what the search runtime reads). One rule
 * for the API, which writes them when it creates the engine, and the wizard, which writes them on
 * every save, so the client never depends on which of the two wrote it last.
 */
export function keywordClientSettings(
  settings: KeywordClientSource,
  synonymFieldId: string | undefined,
): KeywordClientSettings {
  return KeywordClientSettings.parse({
    origin: settings.origin,
    relevance: settings.relevance,
    resultRanking: { enabled: settings.resultRankingEnabled, entries: settings.resultRanking ?? [] },
    tabs: settings.tabs,
    useTabs: settings.useTabs,
    crossReferenceCategory: settings.crossReferenceCategory,
    synonymFieldId,
    urlRewriteRules: settings.urlRewriteRules,
    suggestions: settings.suggestions,
  });
}
