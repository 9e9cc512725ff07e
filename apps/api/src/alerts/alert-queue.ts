import type { CrawlEnded } from '../crawler/loop/crawl-ended.ts';
import { findAlerts, type NewDelivery, queueDeliveries, type StoredAlerts } from '../repositories/alerts.ts';
import { findEngine } from '../repositories/engines.ts';
import type { Queryable } from '../store/types.ts';
import { type AlertEvent, alertPayload, crawlAlerts } from './alert-events.ts';

/** Whether the engine's alerts go anywhere. */
export function hasTargets(alerts: StoredAlerts | undefined): alerts is StoredAlerts {
  return alerts !== undefined && (alerts.webhookUrl !== null || alerts.emails.length > 0);
}

/**
 * Queues each alert for every channel of the engine: its webhook (one delivery) and its e-mail
 * addresses (one e-mail to all). Answers how many deliveries were queued: none for an engine
 * without alerts. Run it in a transaction: the log shows an alert's deliveries all or none.
 */
export async function queueAlerts(
  db: Queryable,
  accountId: string,
  engineId: string,
  alerts: readonly AlertEvent[],
): Promise<number> {
  const settings = await findAlerts(db, accountId, engineId);
  const engine = await findEngine(db, accountId, engineId);
  if (!hasTargets(settings) || !engine || alerts.length === 0) return 0;
  const deliveries = alerts.flatMap((alert): NewDelivery[] => {
    const payload = alertPayload(alert, { id: engine.id, name: engine.searchEngineName });
    return [
      ...(settings.webhookUrl ? [{ channel: 'webhook' as const, target: settings.webhookUrl, payload }] : []),
      ...(settings.emails.length > 0
        ? [{ channel: 'email' as const, target: settings.emails.join(', '), payload }]
        : []),
    ];
  });
  await queueDeliveries(db, accountId, engineId, deliveries);
  return deliveries.length;
}

/** Queues the alerts a crawl run's end raises for its engine (the crawl loop's sink). */
export async function queueCrawlAlerts(db: Queryable, ended: CrawlEnded, at: Date): Promise<number> {
  const settings = await findAlerts(db, ended.accountId, ended.engineId);
  if (!hasTargets(settings)) return 0;
  return queueAlerts(db, ended.accountId, ended.engineId, crawlAlerts(ended, settings.errorSharePercent, at));
}
