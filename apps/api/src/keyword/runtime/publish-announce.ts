import { forgetLiveEngines, KEPT_WHILE_READ } from '../../parametric/live-engine.ts';
import { refreshPageStatistics } from '../../repositories/keyword/pages.ts';
import type { Store } from '../../store/types.ts';

/** The live change that announces a keyword engine's new generation (see LiveChangeHandler). */
const CHANGED = 'kw-generation:';

/**
 * Announces, once its transaction has committed, that a keyword engine has a new generation to
 * search: a crawl was published, or its character mapping or synonyms changed. The live clients
 * are forgotten (searches read the new generation) and every process that serves search starts
 * indexing it at once, this one directly and the others (PostgreSQL) on the notification, so the
 * new pages are searchable within moments of the crawl finishing.
 */
export function announceKeywordGeneration(
  store: Store,
  engine: { accountId: string; engineId: string },
): Promise<void> {
  return forgetLiveEngines(store, `${CHANGED}${engine.accountId}/${engine.engineId}`);
}

/** The engine a live change announces a new generation of, if it is such a change. */
export function changedEngineOf(change: string | undefined): { accountId: string; engineId: string } | null {
  const prefix = [CHANGED, KEPT_WHILE_READ].find((kind) => change?.startsWith(kind));
  if (change === undefined || prefix === undefined) return null;
  const [accountId, engineId, ...rest] = change.slice(prefix.length).split('/');
  if (!accountId || !engineId || rest.length > 0) return null;
  return { accountId, engineId };
}

/**
 * A keyword engine's crawl was published (committed): statistics refreshed, then announced as a
 * crawl published, which searches need not wait to read (see KEPT_WHILE_READ).
 */
export async function crawlPublished(
  store: Store,
  engine: { accountId: string; engineId: string },
): Promise<void> {
  await refreshPageStatistics(store);
  await forgetLiveEngines(store, `${KEPT_WHILE_READ}${engine.accountId}/${engine.engineId}`);
}
