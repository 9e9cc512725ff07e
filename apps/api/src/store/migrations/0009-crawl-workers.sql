-- The crawl loop: which process drives an engine's crawl, and what it did once per run.
-- One process at a time drives a running crawl (worker_owner until worker_until, renewed while it
-- works), so one request at a time per host holds across API processes and crawl workers; a
-- process that dies stops renewing and another takes the crawl over when the lease runs out.
ALTER TABLE crawlers
  ADD COLUMN worker_owner text,
  ADD COLUMN worker_until timestamptz,
  -- The run whose sitemaps were read: a crawl taken over or resumed does not read them again.
  ADD COLUMN sitemaps_run_id bigint;
