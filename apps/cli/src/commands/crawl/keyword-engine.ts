import { KeywordSettings, PRODUCT_NAMES, type SearchEngine } from '@siteseer/core';
import type { ApiDeps } from '../../deps.ts';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveEngine } from '../engines/resolve-engine.ts';

/**
 * The keyword engine ENGINE names (an id or exact name, as for every engine command), read in full
 * (the list call may leave the keyword settings out).
 */
export async function resolveKeywordEngine(
  deps: ApiDeps,
  ref: string,
  account: string | undefined,
): Promise<SearchEngine> {
  const found = await resolveEngine(deps.api, ref, { account, auth: deps.auth });
  if (found.searchEngineType !== 'kw') {
    throw new AbortError(
      `'${found.searchEngineName}' is a ${PRODUCT_NAMES[found.searchEngineType]} engine: crawl commands are for keyword engines.`,
    );
  }
  return expectOk(await deps.api.engines.get(found.id, { accountId: found.accountId }), 'Reading the engine');
}

/**
 * The engine's keyword settings that are set; absent or null ones take the spec's defaults
 * (urlFilters keeps its null, which means no filter).
 */
export function keywordSettingsOf(engine: SearchEngine): KeywordSettings {
  const keys = Object.keys(KeywordSettings.shape);
  const set = Object.entries(engine).filter(
    ([key, value]) => keys.includes(key) && value !== undefined && (value !== null || key === 'urlFilters'),
  );
  return KeywordSettings.parse(Object.fromEntries(set));
}
