-- The page-URL suggestions' key: a crawled page's URL without its scheme and `www.`, in lower case,
-- as people type it (`example.com/do`). Generated, so the migration fills it for the pages already
-- crawled and every write keeps it; byte order ("C") so a typed start is one range of the index.
ALTER TABLE crawl_pages ADD COLUMN url_match_key text COLLATE "C"
  GENERATED ALWAYS AS (lower(regexp_replace(url, '^[a-z]+://(www\.)?', '', 'i'))) STORED;
CREATE INDEX crawl_pages_url_match ON crawl_pages (account_id, engine_id, run_id, url_match_key);
