import { SuggestionSettings } from '@siteseer/core';
import { engineOf, readAccess, requireWrite } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { Changes } from '../changes/changes.ts';
import { NotFoundError } from '../errors.ts';
import { setClientSettingOfEngine } from '../repositories/clients.ts';
import { setEngineSetting } from '../repositories/engines.ts';
import { announceClientsChanged } from '../serving/live-clients.ts';
import type { Store } from '../store/types.ts';

/**
 * `GET searchengines/{id}/suggestions`: a keyword engine's suggestion settings, as its settings
 * hold them (the defaults when never set). Another account's engine, or a parametric one, is a 404.
 */
export async function readSuggestionSettings(
  store: Store,
  principal: Principal,
  accountId: string,
  engineId: string,
): Promise<SuggestionSettings> {
  const engine = await engineOf(store, await readAccess(store, principal, accountId), engineId, 'kw');
  return SuggestionSettings.parse(engine.suggestions ?? {});
}

/**
 * `PUT searchengines/{id}/suggestions`: replaces them in the engine's settings (what the wizard
 * loads) and its client's (what searches read) in one transaction, each key set alone so nothing
 * else of either is rewritten; then tells the live clients, so the suggestions follow at once.
 */
export async function writeSuggestionSettings(
  store: Store,
  changes: Changes,
  principal: Principal,
  engineId: string,
  update: SuggestionSettings & { accountId: string },
): Promise<SuggestionSettings> {
  const { accountId, ...fields } = update;
  const settings: SuggestionSettings = { ...fields, blockedTerms: [...new Set(fields.blockedTerms)] };
  const access = await readAccess(store, principal, accountId);
  const engine = await engineOf(store, access, engineId, 'kw');
  await requireWrite(store, access, engine, 'edit');
  await store.transaction(async (tx) => {
    const by = access.author;
    const found =
      (await setEngineSetting(tx, accountId, engineId, { key: 'suggestions', value: settings, by })) &&
      (await setClientSettingOfEngine(tx, accountId, engineId, { key: 'suggestions', value: settings }));
    if (!found) throw new NotFoundError('Search engine');
  });
  await announceClientsChanged(changes);
  return settings;
}
