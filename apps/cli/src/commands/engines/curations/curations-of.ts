import {
  type ApiClient,
  KeywordSettings,
  keywordClientSettings,
  PRODUCT_NAMES,
  type ResultRankingEntry,
  type SearchEngine,
} from '@siteseer/core';
import { AbortError } from '../../../errors.ts';
import { expectOk } from '../../../http/expect-ok.ts';
import { clientOf } from '../resolve-engine.ts';

/** A keyword engine's curations as the Influence step holds them: the entries and the switch. */
export interface Curations {
  engine: SearchEngine;
  settings: KeywordSettings;
  entries: ResultRankingEntry[];
  enabled: boolean;
}

/** Reads a keyword engine's result ranking entries (curations); other engines are refused. */
export async function readCurations(api: ApiClient, found: SearchEngine): Promise<Curations> {
  if (found.searchEngineType !== 'kw') {
    throw new AbortError(
      `'${found.searchEngineName}' is a ${PRODUCT_NAMES[found.searchEngineType]} engine: curations are for keyword engines.`,
    );
  }
  const engine = expectOk(
    await api.engines.get(found.id, { accountId: found.accountId }),
    'Reading the engine',
  );
  const settings = KeywordSettings.parse(engine);
  return { engine, settings, entries: settings.resultRanking ?? [], enabled: settings.resultRankingEnabled };
}

/**
 * Saves the entries (and the switch) as the wizard saves the Influence step: the engine's settings,
 * then its client's, which the search reads, so the portal and the search see the same curations.
 */
export async function saveCurations(
  api: ApiClient,
  { engine, settings }: Curations,
  change: { entries: readonly ResultRankingEntry[]; enabled: boolean },
): Promise<void> {
  const next: KeywordSettings = {
    ...settings,
    resultRanking: change.entries.length > 0 ? [...change.entries] : null,
    resultRankingEnabled: change.enabled,
  };
  const updated = expectOk(
    await api.engines.update(engine.id, {
      ...next,
      searchEngineType: 'kw',
      id: engine.id,
      accountId: engine.accountId,
      searchEngineName: engine.searchEngineName,
    }),
    'Saving the engine',
  );
  const client = await clientOf(api, engine);
  expectOk(
    await api.clients.updateSettings(client.id, {
      type: 'kw',
      settings: keywordClientSettings(next, updated.synonymFieldId ?? settings.synonymFieldId),
    }),
    "Saving the engine's client settings",
  );
}

/** The line that says pins and hides change no search while result ranking is off. */
export const RANKING_OFF_HINT =
  'Result ranking is off for this engine: curations change no results until it is on (add --enable).';
