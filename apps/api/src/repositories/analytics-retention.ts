import type { AnalyticsDay } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

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
  'analytics_cli_days',
] as const;
/** Weekly and monthly rollups, deleted whole once any of their days is past the cutoff. */
const SPAN_TABLES = ['analytics_span_queries', 'analytics_span_urls'] as const;

/** What a retention run deleted. */
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
