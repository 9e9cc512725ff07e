import type { AnalyticsDay } from '@siteseer/core';
import { deleteOldVisitorSalts } from '../search-events/visitor-id.ts';
import type { Queryable } from '../store/types.ts';

/** How often each API process deletes what has passed the retention period. */
export const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * The first UTC day kept when `months` are kept: the same day of the month `months` before today
 * (the month's last day when it is shorter: 31 March − 1 month keeps from 28 or 29 February).
 */
export function retentionCutoff(now: Date, months: number): AnalyticsDay {
  const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

/**
 * Clicks are deleted by their time; the searches' chunks, the clicked searches and the rollups by
 * their day (ADR 0023).
 */
const DAY_TABLES = [
  'search_batches',
  'clicked_searches',
  'analytics_days',
  'analytics_day_visitors',
  'analytics_day_queries',
  'analytics_day_tabs',
  'analytics_day_filters',
  'analytics_day_filter_values',
  'analytics_day_urls',
] as const;
/** Weekly and monthly rollups, deleted whole once any of their days is past the cutoff. */
const SPAN_TABLES = ['analytics_span_queries', 'analytics_span_urls'] as const;

export interface RetentionResult {
  /** Rows deleted, by table. */
  deleted: Record<string, number>;
}

/**
 * Deletes the search and click records from before `cutoff` (a UTC day) and the rollups of the
 * days before it, client by client, so every statement is a range of an index that leads with
 * account_id and client_id (a scan of the raw tables of every tenant is what this avoids).
 */
export async function deleteExpiredAnalytics(db: Queryable, cutoff: AnalyticsDay): Promise<RetentionResult> {
  const deleted: Record<string, number> = {};
  const { rows: clients } = await db.query<{ account_id: string; id: string }>(
    'SELECT account_id, id FROM clients ORDER BY account_id, id',
  );
  const since = `${cutoff}T00:00:00Z`;
  for (const client of clients) {
    const key = [client.account_id, client.id];
    const clicks = await db.query(
      'DELETE FROM search_clicks WHERE account_id = $1 AND client_id = $2 AND at < $3::timestamptz',
      [...key, since],
    );
    deleted.search_clicks = (deleted.search_clicks ?? 0) + clicks.rowCount;
    for (const table of DAY_TABLES) {
      const { rowCount } = await db.query(
        `DELETE FROM ${table} WHERE account_id = $1 AND client_id = $2 AND day < $3::date`,
        [...key, cutoff],
      );
      deleted[table] = (deleted[table] ?? 0) + rowCount;
    }
    for (const table of SPAN_TABLES) {
      const { rowCount } = await db.query(
        `DELETE FROM ${table} WHERE account_id = $1 AND client_id = $2 AND start < $3::date`,
        [...key, cutoff],
      );
      deleted[table] = (deleted[table] ?? 0) + rowCount;
    }
  }
  return { deleted };
}

/**
 * Runs `deleteExpiredAnalytics` for the configured months now and every RETENTION_EVERY_MS.
 * Several processes on one database may all run it: a delete finds nothing the second time.
 * Answers a function that stops it (and waits for a run in progress).
 */
export function startAnalyticsRetention(
  db: Queryable,
  {
    months,
    now = () => new Date(),
    everyMs = RETENTION_EVERY_MS,
    onError,
  }: { months: number; now?: () => Date; everyMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= deleteExpiredAnalytics(db, retentionCutoff(now(), months))
      // The visitor-id salts of past days too (see visitor-id.ts): their ids become untraceable.
      .then(() => deleteOldVisitorSalts(db, now()))
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  // Not at once: a starting process has better things to do with the database.
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
