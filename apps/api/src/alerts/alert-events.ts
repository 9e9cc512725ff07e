import { type AlertEventName, type AlertPayload, crawlHeldSentence } from '@siteseer/core';
import type { CrawlEnded } from '../crawler/loop/crawl-ended.ts';

/** An alert before it names its engine: the event and what it tells. */
export interface AlertEvent {
  event: AlertEventName;
  occurredAt: Date;
  details: Record<string, unknown> & { message: string };
}

/** A percentage as alerts write it: whole, or one decimal under 10. */
function percent(part: number, whole: number): number {
  const share = (100 * part) / whole;
  return share < 10 ? Math.round(share * 10) / 10 : Math.round(share);
}

/**
 * The alerts a crawl run's end raises for an engine alerting past `errorSharePercent`: a failed run
 * (nothing fetched well, nothing published), a run held by the 10 % guard, and a finished run whose
 * 4xx/5xx share of fetched URLs is past the threshold (beside the hold, if it is held too).
 */
export function crawlAlerts(ended: CrawlEnded, errorSharePercent: number, at: Date): AlertEvent[] {
  const alerts: AlertEvent[] = [];
  if (ended.outcome === 'failed') {
    alerts.push({
      event: 'crawl.failed',
      occurredAt: at,
      details: {
        runId: ended.runId,
        fetched: ended.fetched,
        message: `Crawl ${ended.runId} fetched no page well, so nothing was published: search still answers from the crawl published before.`,
      },
    });
    return alerts;
  }
  if (ended.outcome === 'held') {
    alerts.push({
      event: 'crawl.held',
      occurredAt: at,
      details: {
        runId: ended.runId,
        pages: ended.pages,
        previousPages: ended.previousPages,
        message: `${crawlHeldSentence(ended.pages, ended.previousPages)} Publish it anyway in the crawl report or with siteseer crawl publish ENGINE --force.`,
      },
    });
  }
  if (ended.fetched > 0 && 100 * ended.httpErrors > errorSharePercent * ended.fetched) {
    const share = percent(ended.httpErrors, ended.fetched);
    alerts.push({
      event: 'crawl.errors',
      occurredAt: at,
      details: {
        runId: ended.runId,
        fetched: ended.fetched,
        httpErrors: ended.httpErrors,
        sharePercent: share,
        thresholdPercent: errorSharePercent,
        message: `${ended.httpErrors.toLocaleString('en-US')} of the ${ended.fetched.toLocaleString('en-US')} URLs crawl ${ended.runId} fetched (${share} %) answered 4xx or 5xx, more than the ${errorSharePercent} % this engine alerts at.`,
      },
    });
  }
  return alerts;
}

/** The zero-result rate's window: the last 7 days. */
export const ZERO_RESULT_DAYS = 7;

/**
 * The alert when the last 7 days' searches found nothing more often than `thresholdPercent`, with
 * at least `minSearches` of them; undefined otherwise.
 */
export function zeroResultAlert(
  counts: { searches: number; zeroResults: number },
  settings: { zeroResultPercent: number; zeroResultMinSearches: number },
  at: Date,
): AlertEvent | undefined {
  const { searches, zeroResults } = counts;
  if (searches < settings.zeroResultMinSearches) return undefined;
  if (100 * zeroResults <= settings.zeroResultPercent * searches) return undefined;
  const rate = percent(zeroResults, searches);
  return {
    event: 'search.zeroResults',
    occurredAt: at,
    details: {
      searches,
      zeroResults,
      ratePercent: rate,
      thresholdPercent: settings.zeroResultPercent,
      days: ZERO_RESULT_DAYS,
      message: `${zeroResults.toLocaleString('en-US')} of the ${searches.toLocaleString('en-US')} searches of the last ${ZERO_RESULT_DAYS} days (${rate} %) found nothing, more than the ${settings.zeroResultPercent} % this engine alerts at.`,
    },
  };
}

/** The alert "Send test alert" sends. */
export function testAlert(at: Date, by: string): AlertEvent {
  return {
    event: 'alert.test',
    occurredAt: at,
    details: { message: `A test alert sent by ${by}: this engine's alerts arrive here.` },
  };
}

/** The alert as it is sent: the event with its engine. */
export function alertPayload(alert: AlertEvent, engine: { id: string; name: string }): AlertPayload {
  return {
    event: alert.event,
    engineId: engine.id,
    engineName: engine.name,
    occurredAt: alert.occurredAt.toISOString(),
    details: alert.details,
  };
}
