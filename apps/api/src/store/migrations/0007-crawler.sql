-- Keyword engines' crawler: its settings, the frontier (one row per URL per engine) and the pages
-- extracted from fetched URLs. Tenant-owned: account_id leads every key, every query filters by it.

-- One crawler per keyword engine: the crawler fields of the wizard, and the state of its crawl.
-- run_id counts the engine's crawls (runs); the pages a run extracts are its generation.
CREATE TABLE crawlers (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  urls text[] NOT NULL DEFAULT '{}',
  page_load_delay text NOT NULL,
  crawl_frequency text NOT NULL,
  use_content_target boolean NOT NULL DEFAULT false,
  content_target text NOT NULL DEFAULT '',
  use_exclude_target boolean NOT NULL DEFAULT false,
  exclude_content_targets text[] NOT NULL DEFAULT '{}',
  custom_tags_selector text NOT NULL DEFAULT '',
  custom_tags_attribute_name text NOT NULL DEFAULT '',
  remove_hash_fragments boolean NOT NULL DEFAULT false,
  -- Null when URL filtering is off (the wizard's urlFilters: null).
  url_filters text[],
  state text NOT NULL DEFAULT 'crawling' CHECK (state IN ('crawling', 'finished', 'stopped', 'failed')),
  run_id bigint NOT NULL DEFAULT 1,
  run_started_at timestamptz NOT NULL DEFAULT now(),
  run_finished_at timestamptz,
  -- The generation (run) whose pages search answers from; null until a crawl is published.
  published_run_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, engine_id),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE
);
-- The crawl loop looks for crawls with work across accounts (a scheduler, not a tenant's query).
CREATE INDEX crawlers_crawling ON crawlers (account_id, engine_id) WHERE state = 'crawling';

-- The frontier. status is the spec's code (0 Created ... 10 Fetch Failed). A URL waiting to be
-- fetched is 0 or 9; a worker takes it by setting a lease (owner, until) and keeps its status until
-- it records the outcome, so a worker that dies leaves a lease that expires, never a lost URL.
CREATE TABLE crawl_urls (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  url text NOT NULL,
  -- The normalised URL (see the crawler's URL rules): two URLs with one key are one URL.
  url_key text NOT NULL,
  -- The start URL (site) this URL was found from.
  site text NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
  depth integer NOT NULL DEFAULT 0 CHECK (depth >= 0),
  discovered_from text,
  last_check timestamptz,
  next_check timestamptz,
  etag text,
  last_modified text,
  content_hash text,
  canonical_url text,
  attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_until timestamptz,
  -- Why the URL has its status (a refused address, a robots.txt rule, an HTTP status...).
  reason text,
  -- The transaction that last wrote the row: the report's in-memory copy reads only the rows
  -- written since the oldest transaction still running at its last read (see the trigger below).
  changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (account_id, engine_id, id),
  UNIQUE (account_id, engine_id, url_key),
  FOREIGN KEY (account_id, engine_id) REFERENCES crawlers (account_id, engine_id) ON DELETE CASCADE
);
-- Work to take: waiting URLs in order (shallow first, then discovery order).
CREATE INDEX crawl_urls_waiting ON crawl_urls (account_id, engine_id, depth, id) WHERE status IN (0, 9);
-- The rows written since a transaction id: what the report's copy of a frontier catches up with.
CREATE INDEX crawl_urls_changed ON crawl_urls (account_id, engine_id, changed_xid);
-- A trigger rather than the writers, so that no writer of this table can forget it.
CREATE FUNCTION crawl_urls_changed_xid() RETURNS trigger AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER crawl_urls_changed BEFORE UPDATE ON crawl_urls
  FOR EACH ROW EXECUTE FUNCTION crawl_urls_changed_xid();
-- Re-crawls come due by next_check.
CREATE INDEX crawl_urls_next_check ON crawl_urls (account_id, engine_id, next_check)
  WHERE status NOT IN (0, 9);

-- The extracted fields of a fetched page, per generation (run); never the raw HTML. Not tied to the
-- frontier's rows: a recreated crawler starts a new frontier while the published pages still serve.
CREATE TABLE crawl_pages (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  run_id bigint NOT NULL,
  url_key text NOT NULL,
  url text NOT NULL,
  title text NOT NULL DEFAULT '',
  headings text[] NOT NULL DEFAULT '{}',
  description text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  custom_tags jsonb NOT NULL DEFAULT '{}',
  content_hash text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, engine_id, run_id, url_key),
  FOREIGN KEY (account_id, engine_id) REFERENCES crawlers (account_id, engine_id) ON DELETE CASCADE
);
-- Duplicates: a page whose content hash another page of the generation already has.
CREATE INDEX crawl_pages_content_hash ON crawl_pages (account_id, engine_id, run_id, content_hash);
