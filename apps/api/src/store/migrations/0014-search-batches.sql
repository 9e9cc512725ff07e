-- Recorded searches are stored as chunks of a batch, not a row each (ADR 0029): a row per search
-- (its heap tuple and two index entries) was most of what recording cost PGlite's thread, which the
-- searches' own machine shares. A chunk holds up to 256 searches of one client and UTC day as a
-- JSON array; a search's id is its chunk's id with its place in the chunk in the last four hex
-- digits, so a click still finds its search by key. The view search_events shows one row a search,
-- as the table did, for reading (tests, support, re-rolling a day).
-- Tenant-owned: account_id leads every key. A deleted client's records go by the statement
-- trigger of 0013, redefined below for these tables.

CREATE TABLE search_batches (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  -- The chunk id: its last four hex digits are 0000. A search's id replaces them with
  -- first_offset + its index in `records`, in hex.
  id uuid NOT NULL,
  day date NOT NULL,
  engine_id uuid NOT NULL,
  engine_type text NOT NULL CHECK (engine_type IN ('kw', 'pm')),
  -- 0, except for searches moved here from the old table (their ids kept: see below).
  first_offset integer NOT NULL DEFAULT 0 CHECK (first_offset BETWEEN 0 AND 65535),
  searches integer NOT NULL CHECK (searches BETWEEN 1 AND 65536 - first_offset),
  -- One array per search: [time (ms since 1970), query (normalised), tab, filter selections
  -- (bounded, see search-events/events.ts), page, result count, latency (ms), visitor id].
  records json NOT NULL,
  PRIMARY KEY (account_id, client_id, id)
);
-- Retention deletes one client's days.
CREATE INDEX search_batches_client_day ON search_batches (account_id, client_id, day);

-- The searches that have been clicked, each once: the first click stored for a search inserts
-- its row, so two processes storing first clicks of one search count it as clicked once.
CREATE TABLE clicked_searches (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  search_id uuid NOT NULL,
  -- The search's UTC day (retention).
  day date NOT NULL,
  PRIMARY KEY (account_id, client_id, search_id)
);
CREATE INDEX clicked_searches_client_day ON clicked_searches (account_id, client_id, day);

-- What was recorded before: each search becomes a chunk of one, keeping its id (chunk id = the id
-- with 0000 at the end, first_offset = the id's last four hex digits), so clicks stored for it
-- still name it. Two old ids equal but for their last four digits (1 in 2^106 a pair) would
-- share a chunk id; the second is left out rather than failing the migration.
INSERT INTO search_batches (account_id, client_id, id, day, engine_id, engine_type, first_offset, searches,
  records)
SELECT account_id, client_id, (left(id::text, 32) || '0000')::uuid, (at AT TIME ZONE 'UTC')::date, engine_id,
  engine_type, ('x' || right(id::text, 4))::bit(16)::int, 1,
  json_build_array(json_build_array(round(extract(epoch FROM at) * 1000), query, tab, filters, page,
    result_count, latency_ms, visitor_id))
FROM search_events
ON CONFLICT DO NOTHING;

INSERT INTO clicked_searches (account_id, client_id, search_id, day)
SELECT account_id, client_id, id, (at AT TIME ZONE 'UTC')::date FROM search_events WHERE clicked;

DROP TABLE search_events;

-- One row a search, as search_events was.
CREATE VIEW search_events AS
SELECT b.account_id, b.client_id,
  (left(b.id::text, 32) || lpad(to_hex(b.first_offset + r.n::int - 1), 4, '0'))::uuid AS id,
  to_timestamp((r.e ->> 0)::float8 / 1000) AS at,
  b.engine_id, b.engine_type,
  r.e ->> 1 AS query,
  r.e ->> 2 AS tab,
  nullif((r.e -> 3)::jsonb, 'null'::jsonb) AS filters,
  (r.e ->> 4)::int AS page,
  (r.e ->> 5)::int AS result_count,
  (r.e ->> 6)::real AS latency_ms,
  r.e ->> 7 AS visitor_id
FROM search_batches b
CROSS JOIN LATERAL json_array_elements(b.records) WITH ORDINALITY AS r (e, n);

CREATE OR REPLACE FUNCTION delete_search_records_of_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_clicks k USING gone g WHERE k.account_id = g.account_id AND k.client_id = g.id;
  DELETE FROM clicked_searches s USING gone g WHERE s.account_id = g.account_id AND s.client_id = g.id;
  DELETE FROM search_batches b USING gone g WHERE b.account_id = g.account_id AND b.client_id = g.id;
  RETURN NULL;
END
$$;
