import type { AnalyticsDay } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import type { AnalyticsScope, DayRange } from './analytics-reports.ts';

/** CLI searches of one client and UTC day, as the recorder adds them up. */
export interface CliSearchDay {
  accountId: string;
  clientId: string;
  day: AnalyticsDay;
  searches: number;
  zeroResultSearches: number;
  latencyMs: number;
}

/** Adds CLI searches to their days (0021-cli-searches.sql): one statement for every day given. */
export async function addCliSearches(db: Queryable, days: readonly CliSearchDay[]): Promise<void> {
  if (days.length === 0) return;
  await db.query(
    `INSERT INTO analytics_cli_days AS r (account_id, client_id, day, searches, zero_result_searches, latency_ms_sum)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::int[], $5::int[], $6::float8[])
     ON CONFLICT (account_id, client_id, day) DO UPDATE SET
       searches = r.searches + excluded.searches,
       zero_result_searches = r.zero_result_searches + excluded.zero_result_searches,
       latency_ms_sum = r.latency_ms_sum + excluded.latency_ms_sum`,
    [
      days.map((d) => d.accountId),
      days.map((d) => d.clientId),
      days.map((d) => d.day),
      days.map((d) => d.searches),
      days.map((d) => d.zeroResultSearches),
      days.map((d) => d.latencyMs),
    ],
  );
}

/** A client's CLI searches of each day of `range` that has any, oldest first. */
export async function readCliDays(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<{ day: AnalyticsDay; searches: number; zero: number; latency: number }[]> {
  const { rows } = await db.query<{ day: AnalyticsDay; searches: number; zero: number; latency: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, searches, zero_result_searches AS zero, latency_ms_sum AS latency
     FROM analytics_cli_days
     WHERE account_id = $1 AND client_id = $2 AND day BETWEEN $3::date AND $4::date ORDER BY day`,
    [scope.accountId, scope.clientId, range.from, range.to],
  );
  return rows;
}
