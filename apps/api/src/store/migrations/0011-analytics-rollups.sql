-- Daily rollups of search_events and search_clicks per client, so analytics answer from a few rows
-- per day whatever the raw tables hold (ADR 0023). Kept up to date by the search recorder: the
-- statement that writes a batch of searches (or clicks) adds it to these tables in the same
-- statement (apps/api/src/repositories/search-events.ts). Deleted with raw rows past the retention
-- period (apps/api/src/analytics/retention.ts).
-- Days are UTC days of the SEARCH: a click counts on the day of the search it came from, so a day's
-- click-through rate is that day's searches with a click over that day's searches.
-- Tenant-owned: account_id leads every key; rows go with their client (ON DELETE CASCADE).

-- A search clicked at least once: set by the first click stored for it. The update takes the row
-- lock, so two processes storing the first clicks of one search count it as clicked once.
ALTER TABLE search_events ADD COLUMN clicked boolean NOT NULL DEFAULT false;

-- One row per client and day.
CREATE TABLE analytics_days (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  -- Distinct visitor ids of the day (a visitor id lives one UTC day: see 0010).
  visitors integer NOT NULL DEFAULT 0,
  clicks integer NOT NULL DEFAULT 0,
  -- Searches with at least one click.
  clicked_searches integer NOT NULL DEFAULT 0,
  -- Sum of the positions of the clicks (average = sum / clicks).
  click_position_sum bigint NOT NULL DEFAULT 0,
  latency_ms_sum double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- The visitor ids seen each day, so each is counted once in analytics_days.visitors.
CREATE TABLE analytics_day_visitors (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  visitor_id text NOT NULL,
  PRIMARY KEY (account_id, client_id, day, visitor_id),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- One row per client, day and (normalised) query text.
CREATE TABLE analytics_day_queries (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  query text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  clicks integer NOT NULL DEFAULT 0,
  clicked_searches integer NOT NULL DEFAULT 0,
  click_position_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day, query),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- Keyword: one row per client, day and tab searched.
CREATE TABLE analytics_day_tabs (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  tab text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  clicks integer NOT NULL DEFAULT 0,
  clicked_searches integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day, tab),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- Parametric: searches using each filter (any selection), per client and day.
CREATE TABLE analytics_day_filters (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  filter_id text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day, filter_id),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- Parametric: searches selecting each value of a list filter, per client and day.
CREATE TABLE analytics_day_filter_values (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  filter_id text NOT NULL,
  value text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day, filter_id, value),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- Clicked result URLs per client and day. A URL may be 4,000 characters, more than a btree key
-- holds: the key is its md5.
CREATE TABLE analytics_day_urls (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  url_md5 text NOT NULL,
  url text NOT NULL,
  clicks integer NOT NULL DEFAULT 0,
  click_position_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day, url_md5),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- Weekly (ISO weeks, from Monday) and monthly sums of the two rollups with a row per distinct
-- key (queries and clicked URLs): a period of months reads a few rows per query instead of one a
-- day (analytics/report-queries.ts splits a period into months, weeks and days). `start` is the
-- span's first day; a span partly past the retention period is deleted whole (its kept days are
-- in the daily rows).
CREATE TABLE analytics_span_queries (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  span text NOT NULL CHECK (span IN ('week', 'month')),
  start date NOT NULL,
  query text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  clicks integer NOT NULL DEFAULT 0,
  clicked_searches integer NOT NULL DEFAULT 0,
  click_position_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, span, start, query),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

CREATE TABLE analytics_span_urls (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  span text NOT NULL CHECK (span IN ('week', 'month')),
  start date NOT NULL,
  url_md5 text NOT NULL,
  url text NOT NULL,
  clicks integer NOT NULL DEFAULT 0,
  click_position_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, span, start, url_md5),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);

-- What was recorded before this migration, rolled up once (the recorder keeps them up to date
-- from now on).
UPDATE search_events e SET clicked = true
WHERE EXISTS (
  SELECT 1 FROM search_clicks k
  WHERE k.account_id = e.account_id AND k.client_id = e.client_id AND k.search_id = e.id
);

CREATE TEMPORARY TABLE analytics_backfill_clicks ON COMMIT DROP AS
SELECT k.account_id, k.client_id, (s.at AT TIME ZONE 'UTC')::date AS day, s.query, s.tab, k.url,
  k.position
FROM search_clicks k
JOIN search_events s ON s.account_id = k.account_id AND s.client_id = k.client_id AND s.id = k.search_id;

INSERT INTO analytics_day_visitors (account_id, client_id, day, visitor_id)
SELECT DISTINCT account_id, client_id, (at AT TIME ZONE 'UTC')::date, visitor_id FROM search_events;

INSERT INTO analytics_days (account_id, client_id, day, searches, zero_result_searches, visitors,
  clicked_searches, latency_ms_sum, clicks, click_position_sum)
SELECT s.account_id, s.client_id, s.day, s.searches, s.zero_result_searches,
  (SELECT count(*) FROM analytics_day_visitors v
   WHERE v.account_id = s.account_id AND v.client_id = s.client_id AND v.day = s.day),
  s.clicked_searches, s.latency_ms_sum, coalesce(k.clicks, 0), coalesce(k.click_position_sum, 0)
FROM (
  SELECT account_id, client_id, (at AT TIME ZONE 'UTC')::date AS day, count(*) AS searches,
    count(*) FILTER (WHERE result_count = 0) AS zero_result_searches,
    count(*) FILTER (WHERE clicked) AS clicked_searches, sum(latency_ms) AS latency_ms_sum
  FROM search_events GROUP BY 1, 2, 3
) s
LEFT JOIN (
  SELECT account_id, client_id, day, count(*) AS clicks, sum(position) AS click_position_sum
  FROM analytics_backfill_clicks GROUP BY 1, 2, 3
) k ON k.account_id = s.account_id AND k.client_id = s.client_id AND k.day = s.day;

INSERT INTO analytics_day_queries (account_id, client_id, day, query, searches, zero_result_searches,
  clicked_searches, clicks, click_position_sum)
SELECT s.account_id, s.client_id, s.day, s.query, s.searches, s.zero_result_searches, s.clicked_searches,
  coalesce(k.clicks, 0), coalesce(k.click_position_sum, 0)
FROM (
  SELECT account_id, client_id, (at AT TIME ZONE 'UTC')::date AS day, query, count(*) AS searches,
    count(*) FILTER (WHERE result_count = 0) AS zero_result_searches,
    count(*) FILTER (WHERE clicked) AS clicked_searches
  FROM search_events GROUP BY 1, 2, 3, 4
) s
LEFT JOIN (
  SELECT account_id, client_id, day, query, count(*) AS clicks, sum(position) AS click_position_sum
  FROM analytics_backfill_clicks GROUP BY 1, 2, 3, 4
) k ON k.account_id = s.account_id AND k.client_id = s.client_id AND k.day = s.day AND k.query = s.query;

INSERT INTO analytics_day_tabs (account_id, client_id, day, tab, searches, zero_result_searches,
  clicked_searches, clicks)
SELECT s.account_id, s.client_id, s.day, s.tab, s.searches, s.zero_result_searches, s.clicked_searches,
  coalesce(k.clicks, 0)
FROM (
  SELECT account_id, client_id, (at AT TIME ZONE 'UTC')::date AS day, tab, count(*) AS searches,
    count(*) FILTER (WHERE result_count = 0) AS zero_result_searches,
    count(*) FILTER (WHERE clicked) AS clicked_searches
  FROM search_events WHERE tab IS NOT NULL GROUP BY 1, 2, 3, 4
) s
LEFT JOIN (
  SELECT account_id, client_id, day, tab, count(*) AS clicks
  FROM analytics_backfill_clicks WHERE tab IS NOT NULL GROUP BY 1, 2, 3, 4
) k ON k.account_id = s.account_id AND k.client_id = s.client_id AND k.day = s.day AND k.tab = s.tab;

INSERT INTO analytics_day_filters (account_id, client_id, day, filter_id, searches, zero_result_searches)
SELECT e.account_id, e.client_id, (e.at AT TIME ZONE 'UTC')::date, f.key, count(*),
  count(*) FILTER (WHERE e.result_count = 0)
FROM search_events e,
  jsonb_each(CASE WHEN jsonb_typeof(e.filters) = 'object' THEN e.filters ELSE '{}'::jsonb END) f
GROUP BY 1, 2, 3, 4;

INSERT INTO analytics_day_filter_values (account_id, client_id, day, filter_id, value, searches)
SELECT account_id, client_id, day, filter_id, value, count(*)
FROM (
  SELECT DISTINCT e.account_id, e.client_id, e.id, (e.at AT TIME ZONE 'UTC')::date AS day,
    f.key AS filter_id, v.value
  FROM search_events e,
    jsonb_each(CASE WHEN jsonb_typeof(e.filters) = 'object' THEN e.filters ELSE '{}'::jsonb END) f,
    jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(f.value -> 'values') = 'array' THEN f.value -> 'values' ELSE '[]'::jsonb END
    ) v (value)
) selected
GROUP BY 1, 2, 3, 4, 5;

INSERT INTO analytics_day_urls (account_id, client_id, day, url_md5, url, clicks, click_position_sum)
SELECT account_id, client_id, day, md5(url), url, count(*), sum(position)
FROM analytics_backfill_clicks GROUP BY account_id, client_id, day, url;

INSERT INTO analytics_span_queries (account_id, client_id, span, start, query, searches, zero_result_searches,
  clicks, clicked_searches, click_position_sum)
SELECT d.account_id, d.client_id, s.span, s.start, d.query, sum(d.searches), sum(d.zero_result_searches),
  sum(d.clicks), sum(d.clicked_searches), sum(d.click_position_sum)
FROM analytics_day_queries d
CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', d.day::timestamp)::date),
  ('month', date_trunc('month', d.day::timestamp)::date)) AS s (span, start)
GROUP BY 1, 2, 3, 4, 5;

INSERT INTO analytics_span_urls (account_id, client_id, span, start, url_md5, url, clicks, click_position_sum)
SELECT d.account_id, d.client_id, s.span, s.start, d.url_md5, min(d.url), sum(d.clicks), sum(d.click_position_sum)
FROM analytics_day_urls d
CROSS JOIN LATERAL (VALUES ('week', date_trunc('week', d.day::timestamp)::date),
  ('month', date_trunc('month', d.day::timestamp)::date)) AS s (span, start)
GROUP BY 1, 2, 3, 4, 5;
