-- The query and URL rollups of 0011 in the order of each list the reports show, per part of a
-- period (a day, a week, a month), so a list's top is read from the head of each part instead of
-- grouping every row of the period (ADR 0023; apps/api/src/analytics/top-lists.ts proves the top
-- exact from these heads and key look-ups).
-- Zero-result and click indexes hold only rows with a positive count: a part with fewer rows than
-- a list's depth is then read whole from them, and rows without zero-result searches or clicks
-- cost these indexes nothing as they are updated.

CREATE INDEX analytics_day_queries_searches
  ON analytics_day_queries (account_id, client_id, day, searches DESC);
CREATE INDEX analytics_day_queries_zero
  ON analytics_day_queries (account_id, client_id, day, zero_result_searches DESC)
  WHERE zero_result_searches > 0;
CREATE INDEX analytics_span_queries_searches
  ON analytics_span_queries (account_id, client_id, span, start, searches DESC);
CREATE INDEX analytics_span_queries_zero
  ON analytics_span_queries (account_id, client_id, span, start, zero_result_searches DESC)
  WHERE zero_result_searches > 0;
CREATE INDEX analytics_day_urls_clicks
  ON analytics_day_urls (account_id, client_id, day, clicks DESC)
  WHERE clicks > 0;
CREATE INDEX analytics_span_urls_clicks
  ON analytics_span_urls (account_id, client_id, span, start, clicks DESC)
  WHERE clicks > 0;
