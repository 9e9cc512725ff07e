-- The raw search and click records lose their per-row foreign key to clients (ADR 0021): its check
-- was a lookup and a row lock on clients for every recorded search, ~15 % of what recording a
-- search costs PGlite's thread, which the searches' machine shares. What the key did is kept:
-- - the batch statements join each row to its client, having locked the batch's clients against
--   deletion (FOR KEY SHARE, once per client and batch: apps/api/src/repositories/search-events.ts),
--   so no row is stored for a client being deleted;
-- - deleting clients (directly, or through their engine or account) deletes their records, by the
--   statement trigger below: one delete per statement, not one per row.

ALTER TABLE search_events DROP CONSTRAINT search_events_account_id_client_id_fkey;
ALTER TABLE search_clicks DROP CONSTRAINT search_clicks_account_id_client_id_fkey;

CREATE FUNCTION delete_search_records_of_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_clicks k USING gone g WHERE k.account_id = g.account_id AND k.client_id = g.id;
  DELETE FROM search_events e USING gone g WHERE e.account_id = g.account_id AND e.client_id = g.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER clients_delete_search_records
  AFTER DELETE ON clients
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION delete_search_records_of_clients();
