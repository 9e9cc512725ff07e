-- JavaScript-rendered pages: whether an engine's crawler loads its HTML pages in headless Chromium
-- and reads them after their scripts ran (off by default, as for the engines made before).
ALTER TABLE crawlers ADD COLUMN render_javascript boolean NOT NULL DEFAULT false;
