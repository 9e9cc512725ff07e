-- What the run named by sitemaps_run_id did with each sitemap of its start sites (the crawl
-- report's `sitemaps`, Siteseer's addition): each file read, with the pages it queued and those it
-- left out counted by why, and each file not read with the reason. Sitemaps are not crawled URLs,
-- so they get no crawl_urls row (and no status code). NULL until a run has read its sitemaps.
ALTER TABLE crawlers ADD COLUMN sitemaps jsonb;
