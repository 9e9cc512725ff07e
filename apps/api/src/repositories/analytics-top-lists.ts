import type { Queryable } from '../store/types.ts';
import type { AnalyticsScope } from './analytics-reports.ts';

// The top of a period's list (most searched queries, most clicked URLs, ...) read without grouping
// every row of the period: the threshold algorithm (Fagin, Lotem and Naor) over the period's parts.
//
// A period is a sum of parts (single days, whole weeks, whole months: analytics/period-parts.ts),
// each a run of rows of one rollup ordered by the list's measure in an index
// (0012-analytics-top-lists.sql). Read the best `depth` rows of each part: the keys seen are the
// candidates. A key never seen is below the `depth`-th row of every part that had more rows than
// `depth` and absent from the others, so its period total is at most the sum of those `depth`-th
// values: the bound. Candidates get their exact totals (key lookups, every part). When the
// limit-th candidate's total is above the bound, no key left out can rank before it, ties
// included: the list is the exact top. Otherwise the depth grows, and past MAX_DEPTH the caller
// groups the whole period instead.

/** Depth of the first round, as a multiple of the rows asked for. */
const FIRST_DEPTH_FACTOR = 3;
const FIRST_DEPTH_MIN = 20;
/** Beyond this depth a list is grouped whole (a flat distribution, or a CSV of 1,000 rows). */
export const MAX_DEPTH = 2000;

/** The parts of a period as the keys of the rows that hold them. */
export interface PartKeys {
  days: string[];
  weeks: string[];
  months: string[];
}

/** One list over a daily rollup and its weekly and monthly tier. */
export interface TopListSpec {
  daily: string;
  spans: string;
  /** The column that names a row within a part (its key after account, client and day or span). */
  key: string;
  /** The measure the list is ordered by; its index per part is (account, client, day|span+start, measure DESC). */
  measure: string;
  /** Only rows with a positive measure are in the index: a part with fewer is read whole. */
  positiveOnly: boolean;
  /** The rollup columns `sums` and `extra` read (both tables have them). */
  columns: string;
  /** Summed per key: `sum(column) AS alias` items, aliases used by `where` and `orderBy`. */
  sums: string;
  /** Extra columns per key (e.g. `min(url) AS url`). */
  extra?: string;
  /** The period total of `measure`, by alias. */
  total: string;
  /** Which keys the list shows (over the sums' aliases). */
  where: string;
  /** Total order of the list: `total DESC` first, then tie-breaks ending in the key. */
  orderBy: string;
}

/**
 * The exact top `limit` of `spec` over the period of `keys`, or undefined when MAX_DEPTH was not
 * deep enough to prove it (the caller groups the period instead). Rounds read `firstDepth` rows of
 * each part, then 4 times more each.
 */
export async function readTopList<T>(
  db: Queryable,
  scope: AnalyticsScope,
  keys: PartKeys,
  spec: TopListSpec,
  limit: number,
  firstDepth = Math.max(FIRST_DEPTH_MIN, limit * FIRST_DEPTH_FACTOR),
): Promise<T[] | undefined> {
  const positive = spec.positiveOnly ? `AND ${spec.measure} > 0` : '';
  const top = (table: string, part: string) =>
    `(SELECT ${spec.key} AS key, ${spec.measure} AS v FROM ${table}
      WHERE account_id = $1 AND client_id = $2 AND ${part} ${positive}
      ORDER BY ${spec.measure} DESC LIMIT $6)`;
  const rows = (table: string, part: string) =>
    `SELECT ${spec.columns} FROM ${table} WHERE account_id = $1 AND client_id = $2 AND ${part} AND ${spec.key} = c.key`;
  const sql = `
    WITH seen AS MATERIALIZED (
      SELECT 'd' || p.day AS part, t.key, t.v FROM unnest($3::date[]) p (day)
        CROSS JOIN LATERAL ${top(spec.daily, 'day = p.day')} t
      UNION ALL
      SELECT 'w' || p.start, t.key, t.v FROM unnest($4::date[]) p (start)
        CROSS JOIN LATERAL ${top(spec.spans, `span = 'week' AND start = p.start`)} t
      UNION ALL
      SELECT 'm' || p.start, t.key, t.v FROM unnest($5::date[]) p (start)
        CROSS JOIN LATERAL ${top(spec.spans, `span = 'month' AND start = p.start`)} t
    ),
    cut AS (SELECT min(v) AS v FROM seen GROUP BY part HAVING count(*) = $6),
    totals AS (
      SELECT c.key AS ${spec.key}, ${spec.sums}${spec.extra ? `, ${spec.extra}` : ''}
      FROM (SELECT DISTINCT key FROM seen) c
      CROSS JOIN LATERAL (
        ${rows(spec.daily, 'day = ANY($3::date[])')}
        UNION ALL ${rows(spec.spans, `span = 'week' AND start = ANY($4::date[])`)}
        UNION ALL ${rows(spec.spans, `span = 'month' AND start = ANY($5::date[])`)}
      ) r
      GROUP BY c.key
    )
    -- At least one row: the bound is needed when no candidate is listed.
    SELECT b.cut_parts, b.bound, t.*
    FROM (SELECT count(*)::int AS cut_parts, coalesce(sum(v), 0)::float8 AS bound FROM cut) b
    LEFT JOIN LATERAL (SELECT * FROM totals WHERE ${spec.where} ORDER BY ${spec.orderBy} LIMIT $7) t ON true
    ORDER BY ${spec.orderBy}`;
  for (let depth = firstDepth; depth <= MAX_DEPTH; depth *= 4) {
    const { rows: found } = await db.query<Record<string, unknown> & { cut_parts: number; bound: number }>(
      sql,
      [scope.accountId, scope.clientId, keys.days, keys.weeks, keys.months, depth, limit],
    );
    const listed = found.filter((row) => row[spec.key] !== null);
    const head = found[0];
    const last = listed.at(-1);
    // Nothing cut: every key was seen. Else the limit-th total must beat any key not seen.
    const exact =
      !head ||
      head.cut_parts === 0 ||
      (listed.length === limit && last !== undefined && Number(last[spec.total]) > head.bound);
    if (exact) return listed.map(({ cut_parts: _c, bound: _b, ...row }) => row as T);
  }
  return undefined;
}
