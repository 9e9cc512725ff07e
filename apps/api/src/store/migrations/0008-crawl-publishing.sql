-- Publishing a crawl: a finished run becomes the published generation unless it lost more than 10 %
-- of the published generation's pages; then it is held until the owner publishes it anyway.
-- Page counts are kept here, taken when a run finishes or is published: counting a generation's
-- rows costs ~20 ms at 100k pages, too much for every crawl report.
ALTER TABLE crawlers
  -- The pages of the published generation (published_run_id) when it was published.
  ADD COLUMN published_pages integer NOT NULL DEFAULT 0,
  -- The pages of the current run when it finished; null while it runs or if it ended otherwise.
  ADD COLUMN run_pages integer,
  -- The current run, finished but not published by the 10 % guard; null when none is held.
  ADD COLUMN held_run_id bigint;
