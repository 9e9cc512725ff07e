-- Crawl limits (ADR 0036). A URL's path without its query: a link generator (`/q?…&r=<random>`)
-- makes endless variants of one path, and the frontier keeps at most a set number per path.
ALTER TABLE crawl_urls ADD COLUMN path_key text GENERATED ALWAYS AS (split_part(url_key, '?', 1)) STORED;
CREATE INDEX crawl_urls_variants ON crawl_urls (account_id, engine_id, path_key)
  WHERE strpos(url_key, '?') > 0;
-- Work is taken per start URL (site), shallowest first, so one site's trap cannot starve another.
DROP INDEX crawl_urls_waiting;
CREATE INDEX crawl_urls_waiting ON crawl_urls (account_id, engine_id, site, depth, id) WHERE status IN (0, 9);
-- What the current run left out because a limit was reached (links not queued, URLs not fetched),
-- with the limits in force: the crawl report's summary says so. Emptied when a run starts.
ALTER TABLE crawlers ADD COLUMN run_limits jsonb NOT NULL DEFAULT '{}';
-- The URLs a process holds (a few hundred at most): renewing and releasing its leases read them by
-- this index instead of every row of the frontier (100k at the URL limit).
CREATE INDEX crawl_urls_leased ON crawl_urls (account_id, engine_id, lease_owner) WHERE lease_owner IS NOT NULL;
