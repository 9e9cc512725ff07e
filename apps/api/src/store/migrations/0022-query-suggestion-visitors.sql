-- Query suggestions (ADR 0042) show a query only when enough distinct visitors searched it and
-- found results. The query rollup (0011) counts searches, not who made them: each row now keeps
-- the ids of the visitors whose search found something, at most 20 (the most the engine setting
-- may ask for), so a count up to 20 is exact whatever a query's traffic. A visitor id lives one
-- UTC day (0010), so summing a query's days counts distinct visitors per day, the finest the
-- daily pseudonyms allow. Kept by the statement that writes a batch of keyword searches
-- (apps/api/src/repositories/search-events.ts); deleted with its row past the retention period.
ALTER TABLE analytics_day_queries ADD COLUMN found_visitors text[] NOT NULL DEFAULT '{}';

-- What keyword searches recorded before this migration say, once.
UPDATE analytics_day_queries q SET found_visitors = v.visitors
FROM (
  SELECT account_id, client_id, day, query, (array_agg(visitor_id ORDER BY visitor_id))[1:20] AS visitors
  FROM (
    SELECT DISTINCT account_id, client_id, (at AT TIME ZONE 'UTC')::date AS day, query, visitor_id
    FROM search_events WHERE engine_type = 'kw' AND result_count > 0 AND visitor_id <> ''
  ) s
  GROUP BY 1, 2, 3, 4
) v
WHERE q.account_id = v.account_id AND q.client_id = v.client_id AND q.day = v.day AND q.query = v.query;
