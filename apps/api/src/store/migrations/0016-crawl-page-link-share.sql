-- The share of a page's text that is link text (0 to 1), read when the page is extracted: the
-- keyword index ranks a page that is mostly links (a table of contents, an index) lower. Pages
-- stored before have 0 (no change to their ranking) until they are read again.
ALTER TABLE crawl_pages ADD COLUMN link_share real NOT NULL DEFAULT 0;
