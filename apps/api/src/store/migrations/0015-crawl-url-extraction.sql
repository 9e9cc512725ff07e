-- The extraction settings (content and exclude targets, custom tags) a URL's page was last read
-- with, as a key (crawl-url.ts `extractionKey`). Its validators (etag, last_modified) are sent only
-- under the same settings: a 304 keeps the page as extracted then, so after a change of settings
-- the page is fetched in full and read again. NULL (rows from before): fetched in full once.
ALTER TABLE crawl_urls ADD COLUMN extraction text;
