import type { Listener, Store } from '../store/types.ts';

/** The PostgreSQL channel on which a change of a crawl (started, stopped, settings) is announced. */
const CRAWLS_CHANNEL = 'siteseer_crawls';

/** A crawl changed ("accountId/engineId"), or undefined: some may have changed unheard. */
export type CrawlChangeHandler = (crawl: string | undefined) => void;

const handlers = new WeakMap<Store, Set<CrawlChangeHandler>>();

/**
 * Announces, once its transaction has committed, that a crawl was started, stopped or given new
 * settings, so the process driving it acts now rather than at its next lease renewal: handlers of
 * this process directly, other processes (PostgreSQL) by a notification.
 */
export async function announceCrawlChange(
  store: Store,
  crawl: { accountId: string; engineId: string },
): Promise<void> {
  const key = `${crawl.accountId}/${crawl.engineId}`;
  for (const handler of handlers.get(store) ?? []) handler(key);
  // Should it fail, the change stands: the driving process sees it at its next renewal.
  if (store.kind === 'postgres')
    await store.query('SELECT pg_notify($1, $2)', [CRAWLS_CHANNEL, key]).catch(() => {});
}

/** Calls `handler` for every crawl change announced in any process; returns the unsubscription. */
export function onCrawlChange(store: Store, handler: CrawlChangeHandler): () => Promise<void> {
  let local = handlers.get(store);
  if (!local) {
    local = new Set();
    handlers.set(store, local);
  }
  local.add(handler);
  const listener: Listener | undefined = store.listen?.(CRAWLS_CHANNEL, {
    onMessage: (payload) => handler(payload),
    onGap: () => handler(undefined),
  });
  return async () => {
    local.delete(handler);
    await listener?.stop();
  };
}
