-- What visitors of customer sites search and click, for a client's analytics (ADR 0021). Written
-- in batches by the search recorder (apps/api/src/search-events/), off the request path.
-- Tenant-owned: account_id leads every key. Rows go with their client (ON DELETE CASCADE).
-- Neither table holds a visitor's address: visitor_id is a daily-salted hash of client, address and
-- user agent (16 hex characters), so a visitor is only recognisable within one UTC day.
-- Rollups and retention come with the analytics issue; nothing here needs rewriting for them.

CREATE TABLE search_events (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  -- The search id: a click names the search it came from.
  id uuid NOT NULL,
  at timestamptz NOT NULL,
  engine_id uuid NOT NULL,
  engine_type text NOT NULL CHECK (engine_type IN ('kw', 'pm')),
  -- Trimmed, lowercased, NFC, runs of white space made one space: equal searches count together.
  query text NOT NULL CHECK (char_length(query) <= 500),
  -- Keyword: the tab searched. Parametric: the filter selections (bounded, see events.ts).
  tab text,
  filters jsonb,
  page integer NOT NULL,
  result_count integer NOT NULL,
  latency_ms real NOT NULL,
  visitor_id text NOT NULL,
  PRIMARY KEY (account_id, client_id, id),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);
-- Analytics read one client's searches over a time range.
CREATE INDEX search_events_client_at ON search_events (account_id, client_id, at);

CREATE TABLE search_clicks (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  -- Always a search of the same client: the recorder inserts a click only joined to its search.
  search_id uuid NOT NULL,
  at timestamptz NOT NULL,
  url text NOT NULL CHECK (char_length(url) <= 4000),
  position integer NOT NULL CHECK (position >= 1),
  visitor_id text NOT NULL,
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);
CREATE INDEX search_clicks_client_at ON search_clicks (account_id, client_id, at);
-- Clicks of given searches (click-through per query, position of the first click).
CREATE INDEX search_clicks_search ON search_clicks (account_id, client_id, search_id);
