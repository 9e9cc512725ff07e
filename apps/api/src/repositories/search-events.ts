import { vacuumOnPglite } from '../store/pglite-maintenance.ts';
import type { Queryable, Store } from '../store/types.ts';
import { filterCounts } from './search-filter-counts.ts';

/** A row of `search_events` (0010-search-events.sql), ready to store. */
export interface SearchEventRow {
  accountId: string;
  clientId: string;
  id: string;
  at: Date;
  engineId: string;
  engineType: 'kw' | 'pm';
  query: string;
  tab: string | null;
  /** JSON text, or null. */
  filters: string | null;
  /** The same selections as parsed objects, when the row was made from them (saves parsing). */
  selections?: Record<string, unknown> | null;
  page: number;
  resultCount: number;
  latencyMs: number;
  visitorId: string;
}

/** A click as recorded, before its search is looked up (the search gives its account). */
export interface SearchClickRow {
  clientId: string;
  searchId: string;
  at: Date;
  url: string;
  position: number;
  visitorId: string;
}

/** Upserts adding a batch's counts to the rows already there (`r`: the table's alias). */
function adding(columns: readonly string[]): string {
  return columns.map((c) => `${c} = r.${c} + EXCLUDED.${c}`).join(', ');
}

/** The week (ISO, from Monday) and the month of a row's `day` (alias b), as (span, start) rows. */
const SPANS = `VALUES ('week', date_trunc('week', b.day::timestamp)::date),
  ('month', date_trunc('month', b.day::timestamp)::date)`;

/**
 * One statement per batch of searches: the raw rows, and the batch added to the daily rollups of
 * 0011-analytics-rollups.sql (ADR 0023). Rollup rows are written in key order, so two processes
 * adding batches of one client at once take their row locks in the same order. On PGlite the
 * statement runs beside the searches, so it does little per row: the batch's queries are grouped
 * once (weeks and months add up the day's groups, not the rows) and its filter selections come
 * counted by the caller ($14-$20, see filter-counts.ts) instead of being taken apart as JSON.
 * The batch's clients are locked against deletion first (FOR KEY SHARE, once each): the raw rows
 * have no foreign key (0013-search-records-without-row-checks.sql), so this is what keeps a client
 * being deleted from getting rows its delete's trigger would not see.
 */
const INSERT_SEARCHES_SQL = `
WITH live_clients AS MATERIALIZED (
  SELECT c.account_id, c.id FROM clients c
  WHERE (c.account_id, c.id) IN (SELECT DISTINCT * FROM unnest($1::uuid[], $2::uuid[]))
  FOR KEY SHARE
),
batch AS MATERIALIZED (
  SELECT e.i, e.account_id, e.client_id, e.id, e.at, (e.at AT TIME ZONE 'UTC')::date AS day, e.engine_id,
    e.engine_type, e.query, e.tab, e.filters::jsonb AS filters, e.page, e.result_count, e.latency_ms,
    e.visitor_id
  FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::uuid[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::int[], $11::int[], $12::real[], $13::text[]) WITH ORDINALITY
    AS e (account_id, client_id, id, at, engine_id, engine_type, query, tab, filters, page, result_count,
      latency_ms, visitor_id, i)
  JOIN live_clients c ON c.account_id = e.account_id AND c.id = e.client_id
),
stored AS (
  INSERT INTO search_events (account_id, client_id, id, at, engine_id, engine_type, query, tab, filters,
    page, result_count, latency_ms, visitor_id)
  SELECT account_id, client_id, id, at, engine_id, engine_type, query, tab, filters, page, result_count,
    latency_ms, visitor_id
  FROM batch
  RETURNING 1
),
new_visitors AS (
  INSERT INTO analytics_day_visitors (account_id, client_id, day, visitor_id)
  SELECT DISTINCT account_id, client_id, day, visitor_id FROM batch ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING
  RETURNING account_id, client_id, day
),
days AS (
  INSERT INTO analytics_days AS r (account_id, client_id, day, searches, zero_result_searches, visitors,
    latency_ms_sum)
  SELECT b.account_id, b.client_id, b.day, b.searches, b.zero_result_searches, coalesce(v.visitors, 0),
    b.latency_ms_sum
  FROM (
    SELECT account_id, client_id, day, count(*) AS searches,
      count(*) FILTER (WHERE result_count = 0) AS zero_result_searches, sum(latency_ms) AS latency_ms_sum
    FROM batch GROUP BY 1, 2, 3
  ) b
  LEFT JOIN (SELECT account_id, client_id, day, count(*) AS visitors FROM new_visitors GROUP BY 1, 2, 3) v
    ON v.account_id = b.account_id AND v.client_id = b.client_id AND v.day = b.day
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, client_id, day) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches', 'visitors', 'latency_ms_sum'])}
),
day_queries AS MATERIALIZED (
  SELECT account_id, client_id, day, query, count(*) AS searches,
    count(*) FILTER (WHERE result_count = 0) AS zero_result_searches
  FROM batch GROUP BY 1, 2, 3, 4
),
queries AS (
  INSERT INTO analytics_day_queries AS r (account_id, client_id, day, query, searches, zero_result_searches)
  SELECT account_id, client_id, day, query, searches, zero_result_searches
  FROM day_queries ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, query) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches'])}
),
span_queries AS (
  INSERT INTO analytics_span_queries AS r (account_id, client_id, span, start, query, searches,
    zero_result_searches)
  SELECT b.account_id, b.client_id, s.span, s.start, b.query, sum(b.searches), sum(b.zero_result_searches)
  FROM day_queries b CROSS JOIN LATERAL (${SPANS}) AS s (span, start)
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, client_id, span, start, query) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches'])}
),
tabs AS (
  INSERT INTO analytics_day_tabs AS r (account_id, client_id, day, tab, searches, zero_result_searches)
  SELECT account_id, client_id, day, tab, count(*), count(*) FILTER (WHERE result_count = 0)
  FROM batch WHERE tab IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, tab) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches'])}
),
filter_counts AS MATERIALIZED (
  SELECT f.account_id, f.client_id, f.day, f.filter_id, f.value, f.searches, f.zero_result_searches
  FROM unnest($14::uuid[], $15::uuid[], $16::date[], $17::text[], $18::text[], $19::int[], $20::int[])
    AS f (account_id, client_id, day, filter_id, value, searches, zero_result_searches)
  JOIN live_clients c ON c.account_id = f.account_id AND c.id = f.client_id
),
filters AS (
  INSERT INTO analytics_day_filters AS r (account_id, client_id, day, filter_id, searches,
    zero_result_searches)
  SELECT account_id, client_id, day, filter_id, searches, zero_result_searches
  FROM filter_counts WHERE value IS NULL ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, filter_id) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches'])}
),
filter_values AS (
  INSERT INTO analytics_day_filter_values AS r (account_id, client_id, day, filter_id, value, searches)
  SELECT account_id, client_id, day, filter_id, value, searches
  FROM filter_counts WHERE value IS NOT NULL ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, client_id, day, filter_id, value) DO UPDATE SET ${adding(['searches'])}
)
SELECT count(*)::int AS stored FROM stored`;

/**
 * Stores searches, and adds them to the analytics rollups, in one statement. A row whose client is
 * gone (deleted since the search) is left out rather than failing the others. Returns the rows
 * stored.
 */
export async function insertSearchEvents(db: Queryable, rows: readonly SearchEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rows: result } = await db.query<{ stored: number }>(INSERT_SEARCHES_SQL, [
    rows.map((r) => r.accountId),
    rows.map((r) => r.clientId),
    rows.map((r) => r.id),
    rows.map((r) => r.at.toISOString()),
    rows.map((r) => r.engineId),
    rows.map((r) => r.engineType),
    rows.map((r) => r.query),
    rows.map((r) => r.tab),
    rows.map((r) => r.filters),
    rows.map((r) => r.page),
    rows.map((r) => r.resultCount),
    rows.map((r) => r.latencyMs),
    rows.map((r) => r.visitorId),
    ...filterCounts(rows),
  ]);
  return result[0]?.stored ?? 0;
}

/**
 * One statement per batch of clicks: the raw rows, the searches clicked for the first time marked
 * (`clicked`: the row lock makes "first" hold across processes), and the clicks added to the
 * rollups on the day of their search.
 */
const INSERT_CLICKS_SQL = `
WITH live_clients AS MATERIALIZED (
  SELECT c.account_id, c.id FROM clients c
  WHERE c.id IN (SELECT DISTINCT unnest($1::uuid[]))
  FOR KEY SHARE
),
-- Each click with its client's account first, so the search is found by its whole primary key
-- (joining the clients and the searches in one step, the planner left account_id out of the
-- index condition and scanned the client's whole key range for every click).
clicks AS MATERIALIZED (
  SELECT c.account_id, c.id AS client_id, k.search_id, k.at, k.url, k.position, k.visitor_id
  FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::int[], $6::text[])
    AS k (client_id, search_id, at, url, position, visitor_id)
  JOIN live_clients c ON c.id = k.client_id
),
batch AS MATERIALIZED (
  SELECT s.account_id, s.client_id, s.id AS search_id, (s.at AT TIME ZONE 'UTC')::date AS day, s.query,
    s.tab, k.at, k.url, k.position, k.visitor_id
  FROM clicks k
  JOIN search_events s ON s.account_id = k.account_id AND s.client_id = k.client_id AND s.id = k.search_id
),
stored AS (
  INSERT INTO search_clicks (account_id, client_id, search_id, at, url, position, visitor_id)
  SELECT account_id, client_id, search_id, at, url, position, visitor_id FROM batch
  RETURNING 1
),
first_clicks AS MATERIALIZED (
  UPDATE search_events e SET clicked = true
  FROM (SELECT DISTINCT account_id, client_id, search_id FROM batch) b
  WHERE e.account_id = b.account_id AND e.client_id = b.client_id AND e.id = b.search_id AND NOT e.clicked
  RETURNING e.account_id, e.client_id, (e.at AT TIME ZONE 'UTC')::date AS day, e.query, e.tab
),
days AS (
  INSERT INTO analytics_days AS r (account_id, client_id, day, clicks, click_position_sum, clicked_searches)
  SELECT b.account_id, b.client_id, b.day, b.clicks, b.click_position_sum, coalesce(f.clicked_searches, 0)
  FROM (
    SELECT account_id, client_id, day, count(*) AS clicks, sum(position) AS click_position_sum
    FROM batch GROUP BY 1, 2, 3
  ) b
  LEFT JOIN (
    SELECT account_id, client_id, day, count(*) AS clicked_searches FROM first_clicks GROUP BY 1, 2, 3
  ) f ON f.account_id = b.account_id AND f.client_id = b.client_id AND f.day = b.day
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, client_id, day) DO UPDATE
    SET ${adding(['clicks', 'click_position_sum', 'clicked_searches'])}
),
query_clicks AS MATERIALIZED (
  SELECT b.account_id, b.client_id, b.day, b.query, b.clicks, b.click_position_sum,
    coalesce(f.clicked_searches, 0) AS clicked_searches
  FROM (
    SELECT account_id, client_id, day, query, count(*) AS clicks, sum(position) AS click_position_sum
    FROM batch GROUP BY 1, 2, 3, 4
  ) b
  LEFT JOIN (
    SELECT account_id, client_id, day, query, count(*) AS clicked_searches FROM first_clicks
    GROUP BY 1, 2, 3, 4
  ) f ON f.account_id = b.account_id AND f.client_id = b.client_id AND f.day = b.day AND f.query = b.query
),
queries AS (
  INSERT INTO analytics_day_queries AS r (account_id, client_id, day, query, clicks, click_position_sum,
    clicked_searches)
  SELECT account_id, client_id, day, query, clicks, click_position_sum, clicked_searches
  FROM query_clicks ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, query) DO UPDATE
    SET ${adding(['clicks', 'click_position_sum', 'clicked_searches'])}
),
span_queries AS (
  INSERT INTO analytics_span_queries AS r (account_id, client_id, span, start, query, clicks,
    click_position_sum, clicked_searches)
  SELECT b.account_id, b.client_id, s.span, s.start, b.query, sum(b.clicks), sum(b.click_position_sum),
    sum(b.clicked_searches)
  FROM query_clicks b CROSS JOIN LATERAL (${SPANS}) AS s (span, start)
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, client_id, span, start, query) DO UPDATE
    SET ${adding(['clicks', 'click_position_sum', 'clicked_searches'])}
),
span_urls AS (
  INSERT INTO analytics_span_urls AS r (account_id, client_id, span, start, url_md5, url, clicks,
    click_position_sum)
  SELECT b.account_id, b.client_id, s.span, s.start, md5(b.url), b.url, count(*), sum(b.position)
  FROM batch b CROSS JOIN LATERAL (${SPANS}) AS s (span, start)
  GROUP BY b.account_id, b.client_id, s.span, s.start, b.url ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, client_id, span, start, url_md5) DO UPDATE
    SET ${adding(['clicks', 'click_position_sum'])}
),
tabs AS (
  INSERT INTO analytics_day_tabs AS r (account_id, client_id, day, tab, clicks, clicked_searches)
  SELECT b.account_id, b.client_id, b.day, b.tab, b.clicks, coalesce(f.clicked_searches, 0)
  FROM (
    SELECT account_id, client_id, day, tab, count(*) AS clicks FROM batch WHERE tab IS NOT NULL
    GROUP BY 1, 2, 3, 4
  ) b
  LEFT JOIN (
    SELECT account_id, client_id, day, tab, count(*) AS clicked_searches FROM first_clicks
    WHERE tab IS NOT NULL GROUP BY 1, 2, 3, 4
  ) f ON f.account_id = b.account_id AND f.client_id = b.client_id AND f.day = b.day AND f.tab = b.tab
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, tab) DO UPDATE SET ${adding(['clicks', 'clicked_searches'])}
),
urls AS (
  INSERT INTO analytics_day_urls AS r (account_id, client_id, day, url_md5, url, clicks, click_position_sum)
  SELECT account_id, client_id, day, md5(url), url, count(*), sum(position)
  FROM batch GROUP BY account_id, client_id, day, url ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, url_md5) DO UPDATE SET ${adding(['clicks', 'click_position_sum'])}
)
SELECT count(*)::int AS stored FROM stored`;

/**
 * Stores clicks in one statement, each under the account of its client and only when it names a
 * search of that client: a click naming another client's search (or none) is left out. Returns
 * the clicks stored.
 */
export async function insertSearchClicks(db: Queryable, rows: readonly SearchClickRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rows: result } = await db.query<{ stored: number }>(INSERT_CLICKS_SQL, [
    rows.map((r) => r.clientId),
    rows.map((r) => r.searchId),
    rows.map((r) => r.at.toISOString()),
    rows.map((r) => r.url),
    rows.map((r) => r.position),
    rows.map((r) => r.visitorId),
  ]);
  return result[0]?.stored ?? 0;
}

/**
 * The tables recording writes: the searches that clicks look up (and mark clicked), the clicks, and
 * every rollup the batch statements add to (see maintainSearchTables).
 */
const RECORDED_TABLES = [
  'search_events',
  'search_clicks',
  'analytics_days',
  'analytics_day_visitors',
  'analytics_day_queries',
  'analytics_span_queries',
  'analytics_day_tabs',
  'analytics_day_filters',
  'analytics_day_filter_values',
  'analytics_day_urls',
  'analytics_span_urls',
];

/**
 * Vacuums the recorded tables and brings their planner statistics up to date, on PGlite: it has no
 * autovacuum (a PostgreSQL server's does both by itself). The recorder calls it (search-events/).
 * - Vacuum: every batch adds to the same rollup rows (today's, this week's, this month's), and as
 *   the counts are indexed each addition leaves a dead row version that only VACUUM reclaims.
 *   Measured, 1M searches over ~5,000 queries: the query rollups grew to 71 MB without it, 9.5 MB
 *   with it every 100k searches (~0.2–0.3 s of PGlite each time).
 * - Statistics: without them the planner guesses. The click statement found each click's search
 *   through the (client, time) index instead of the primary key, reading every search of the client
 *   per click (a 100-click batch took 0.5 s at 10k searches and grew with them; 4 ms after
 *   ANALYZE); top queries over 90 days at 1M searches took 300 ms, 140 ms with statistics.
 */
export function maintainSearchTables(store: Store): Promise<void> {
  return vacuumOnPglite(store, RECORDED_TABLES);
}
