import type { Changes } from '../changes/changes.ts';

/**
 * Announces, once its transaction has committed, that a crawl was started, stopped or given new
 * settings, so the process driving it acts now rather than at its next lease renewal.
 */
export function announceCrawlChange(
  changes: Changes,
  crawl: { accountId: string; engineId: string },
): Promise<void> {
  return changes.announce('crawls', `${crawl.accountId}/${crawl.engineId}`);
}
