-- Documents (PDF, Office files) linked from crawled pages or listed in sitemaps: the types an
-- engine's crawler indexes (PDFs by default, none when empty), and what each stored page was read
-- from ('html' for the pages stored before), which a search result shows.
ALTER TABLE crawlers ADD COLUMN document_types text[] NOT NULL DEFAULT '{pdf}';
ALTER TABLE crawl_pages ADD COLUMN type text NOT NULL DEFAULT 'html';
