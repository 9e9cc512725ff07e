import { SUGGESTION_VISITORS_MAX } from '@siteseer/core';
import { vacuumOnPglite } from '../store/pglite-maintenance.ts';
import type { Queryable, Store } from '../store/types.ts';
import { type SearchBatch, searchIdParts } from './search-batch.ts';

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
 * A query row's visitors who found something, with the batch's added: distinct, at most
 * SUGGESTION_VISITORS_MAX (0022-query-suggestion-visitors.sql). A full list is left as it is: the
 * count it gives is all that is read of it, and it cannot grow.
 */
const FOUND_VISITORS = `CASE
      WHEN cardinality(EXCLUDED.found_visitors) = 0 OR cardinality(r.found_visitors) >= ${SUGGESTION_VISITORS_MAX}
        THEN r.found_visitors
      ELSE ARRAY(SELECT DISTINCT v FROM unnest(r.found_visitors || EXCLUDED.found_visitors) AS u (v)
        ORDER BY v LIMIT ${SUGGESTION_VISITORS_MAX})
    END`;

/**
 * One statement per batch of searches (ADR 0029): its chunks of raw searches, and its counts added
 * to the daily rollups of 0011-analytics-rollups.sql (ADR 0023). The batch comes counted by client
 * and day (SearchBatch), so PGlite, which runs the statement beside the searches, writes a few rows
 * per client and day and chunk, never one per search. Rollup rows are written in key order, so two
 * processes adding batches of one client at once take their row locks in the same order. The
 * batch's clients are locked against deletion first (FOR KEY SHARE, once each): the records have
 * no foreign key (0013-search-records-without-row-checks.sql), so this is what keeps a client
 * being deleted from getting rows its delete's trigger would not see.
 */
const INSERT_SEARCHES_SQL = `
WITH live_clients AS MATERIALIZED (
  SELECT c.account_id, c.id FROM clients c
  WHERE (c.account_id, c.id) IN (SELECT DISTINCT * FROM unnest($1::uuid[], $2::uuid[]))
  FOR KEY SHARE
),
days AS MATERIALIZED (
  SELECT d.i, d.account_id, d.client_id, d.day, d.engine_id, d.engine_type, d.searches, d.zero_result_searches,
    d.latency_ms_sum
  FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::uuid[], $5::text[], $6::int[], $7::int[], $8::float8[])
    WITH ORDINALITY AS d (account_id, client_id, day, engine_id, engine_type, searches, zero_result_searches,
      latency_ms_sum, i)
  JOIN live_clients c ON c.account_id = d.account_id AND c.id = d.client_id
),
stored AS (
  INSERT INTO search_batches (account_id, client_id, id, day, engine_id, engine_type, searches, records)
  SELECT d.account_id, d.client_id, k.id, d.day, d.engine_id, d.engine_type, k.searches, r.records::json
  FROM unnest($9::uuid[], $10::int[], $11::int[]) WITH ORDINALITY AS k (id, day_i, searches, n)
  JOIN unnest(string_to_array($12::text, E'\\n')) WITH ORDINALITY AS r (records, n) ON r.n = k.n
  JOIN days d ON d.i = k.day_i
  RETURNING searches
),
new_visitors AS (
  INSERT INTO analytics_day_visitors (account_id, client_id, day, visitor_id)
  SELECT d.account_id, d.client_id, d.day, v.visitor_id
  FROM unnest($13::int[], $14::text[]) AS v (day_i, visitor_id) JOIN days d ON d.i = v.day_i
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING
  RETURNING account_id, client_id, day
),
day_totals AS (
  INSERT INTO analytics_days AS r (account_id, client_id, day, searches, zero_result_searches, visitors,
    latency_ms_sum)
  SELECT d.account_id, d.client_id, d.day, d.searches, d.zero_result_searches, coalesce(v.visitors, 0),
    d.latency_ms_sum
  FROM days d
  LEFT JOIN (SELECT account_id, client_id, day, count(*) AS visitors FROM new_visitors GROUP BY 1, 2, 3) v
    ON v.account_id = d.account_id AND v.client_id = d.client_id AND v.day = d.day
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, client_id, day) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches', 'visitors', 'latency_ms_sum'])}
),
day_queries AS MATERIALIZED (
  SELECT d.account_id, d.client_id, d.day, q.query, q.searches, q.zero_result_searches,
    coalesce(f.visitors, '{}'::text[]) AS found_visitors
  FROM unnest($15::int[], $16::text[], $17::int[], $18::int[])
    WITH ORDINALITY AS q (day_i, query, searches, zero_result_searches, query_i)
  JOIN days d ON d.i = q.day_i
  LEFT JOIN (
    SELECT query_i, array_agg(visitor_id) AS visitors FROM unnest($28::int[], $29::text[]) AS f (query_i, visitor_id)
    GROUP BY 1
  ) f ON f.query_i = q.query_i
),
queries AS (
  INSERT INTO analytics_day_queries AS r (account_id, client_id, day, query, searches, zero_result_searches,
    found_visitors)
  SELECT account_id, client_id, day, query, searches, zero_result_searches, found_visitors
  FROM day_queries ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, query) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches'])}, found_visitors = ${FOUND_VISITORS}
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
  SELECT d.account_id, d.client_id, d.day, t.tab, t.searches, t.zero_result_searches
  FROM unnest($19::int[], $20::text[], $21::int[], $22::int[]) AS t (day_i, tab, searches, zero_result_searches)
  JOIN days d ON d.i = t.day_i
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, client_id, day, tab) DO UPDATE
    SET ${adding(['searches', 'zero_result_searches'])}
),
filter_counts AS MATERIALIZED (
  SELECT d.account_id, d.client_id, d.day, f.filter_id, f.value, f.searches, f.zero_result_searches
  FROM unnest($23::int[], $24::text[], $25::text[], $26::int[], $27::int[])
    AS f (day_i, filter_id, value, searches, zero_result_searches)
  JOIN days d ON d.i = f.day_i
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
SELECT coalesce(sum(searches), 0)::int AS stored FROM stored`;

/**
 * Stores a batch of searches, and adds them to the analytics rollups, in one statement. Searches
 * of a client that is gone (deleted since they were made) are left out rather than failing the
 * others. Returns the searches stored.
 */
export async function insertSearchBatch(db: Queryable, batch: SearchBatch): Promise<number> {
  if (batch.size === 0) return 0;
  const { rows } = await db.query<{ stored: number }>(INSERT_SEARCHES_SQL, batch.params());
  return rows[0]?.stored ?? 0;
}

/**
 * One statement per batch of clicks: the raw rows, the searches clicked for the first time
 * (clicked_searches: its key makes "first" hold across processes), and the clicks added to the
 * rollups on the day of their search. Each chunk the clicks name is taken apart once to find their
 * searches (CHUNK_SEARCHES at most, search-batch.ts).
 */
const INSERT_CLICKS_SQL = `
WITH live_clients AS MATERIALIZED (
  SELECT c.account_id, c.id FROM clients c
  WHERE c.id IN (SELECT DISTINCT unnest($1::uuid[]))
  FOR KEY SHARE
),
clicks AS MATERIALIZED (
  SELECT c.account_id, c.id AS client_id, k.search_id, k.chunk_id, k.search_offset, k.at, k.url, k.position,
    k.visitor_id
  FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::timestamptz[], $6::text[], $7::int[], $8::text[])
    AS k (client_id, search_id, chunk_id, search_offset, at, url, position, visitor_id)
  JOIN live_clients c ON c.id = k.client_id
),
chunk_searches AS MATERIALIZED (
  SELECT s.account_id, s.client_id, s.id AS chunk_id, s.first_offset + r.n::int - 1 AS search_offset, s.day,
    r.e ->> 1 AS query, r.e ->> 2 AS tab
  FROM (SELECT DISTINCT account_id, client_id, chunk_id FROM clicks) t
  JOIN search_batches s ON s.account_id = t.account_id AND s.client_id = t.client_id AND s.id = t.chunk_id
  CROSS JOIN LATERAL json_array_elements(s.records) WITH ORDINALITY AS r (e, n)
),
batch AS MATERIALIZED (
  SELECT k.account_id, k.client_id, k.search_id, s.day, s.query, s.tab, k.at, k.url, k.position, k.visitor_id
  FROM clicks k
  JOIN chunk_searches s ON s.account_id = k.account_id AND s.client_id = k.client_id AND s.chunk_id = k.chunk_id
    AND s.search_offset = k.search_offset
),
stored AS (
  INSERT INTO search_clicks (account_id, client_id, search_id, at, url, position, visitor_id)
  SELECT account_id, client_id, search_id, at, url, position, visitor_id FROM batch
  RETURNING 1
),
newly_clicked AS (
  INSERT INTO clicked_searches (account_id, client_id, search_id, day)
  SELECT DISTINCT account_id, client_id, search_id, day FROM batch ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING
  RETURNING account_id, client_id, search_id
),
first_clicks AS MATERIALIZED (
  SELECT DISTINCT b.account_id, b.client_id, b.search_id, b.day, b.query, b.tab
  FROM newly_clicked n
  JOIN batch b ON b.account_id = n.account_id AND b.client_id = n.client_id AND b.search_id = n.search_id
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
  const parts = rows.map((r) => searchIdParts(r.searchId));
  const { rows: result } = await db.query<{ stored: number }>(INSERT_CLICKS_SQL, [
    rows.map((r) => r.clientId),
    rows.map((r) => r.searchId),
    parts.map((p) => p.chunkId),
    parts.map((p) => p.offset),
    rows.map((r) => r.at.toISOString()),
    rows.map((r) => r.url),
    rows.map((r) => r.position),
    rows.map((r) => r.visitorId),
  ]);
  return result[0]?.stored ?? 0;
}

/**
 * Which chunks of searches are stored, of those named `clientId/chunkId` (`keys`), named the same
 * way. By client, then the chunk's key: an index range of search_batches, whatever the number of
 * chunks stored. The recorder asks it for the searches its clicks name.
 */
export async function storedSearchChunks(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT k.client_id || '/' || k.chunk_id AS key
     FROM unnest($1::uuid[], $2::uuid[]) AS k (client_id, chunk_id)
     JOIN clients c ON c.id = k.client_id
     WHERE EXISTS (SELECT 1 FROM search_batches s
                   WHERE s.account_id = c.account_id AND s.client_id = c.id AND s.id = k.chunk_id)`,
    [keys.map((key) => key.split('/')[0]), keys.map((key) => key.split('/')[1])],
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * The tables recording writes: the chunks of searches that clicks look up, the clicked searches,
 * the clicks, and every rollup the batch statements add to (see maintainSearchTables).
 */
const RECORDED_TABLES = [
  'search_batches',
  'clicked_searches',
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
  'analytics_cli_days',
];

/**
 * Vacuums the recorded tables and brings their planner statistics up to date, on PGlite: it has no
 * autovacuum (a PostgreSQL server's does both by itself). The recorder calls it (search-events/).
 * - Vacuum: every batch adds to the same rollup rows (today's, this week's, this month's), and as
 *   the counts are indexed each addition leaves a dead row version that only VACUUM reclaims.
 *   Measured, 1M searches over ~5,000 queries: the query rollups grew to 71 MB without it, 9.5 MB
 *   with it every 100k searches (~0.2–0.3 s of PGlite each time).
 * - Statistics: without them the planner guesses. When searches were a row each, the click
 *   statement found each click's search through the (client, time) index instead of the primary
 *   key, reading every search of the client per click (a 100-click batch took 0.5 s at 10k
 *   searches; 4 ms after ANALYZE); top queries over 90 days at 1M searches took 300 ms, 140 ms
 *   with statistics.
 */
export function maintainSearchTables(store: Store): Promise<void> {
  return vacuumOnPglite(store, RECORDED_TABLES);
}
