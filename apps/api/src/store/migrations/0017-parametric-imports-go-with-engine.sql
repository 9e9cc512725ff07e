-- An uploaded spreadsheet attached to an engine is deleted with it, versions and cells included
-- (they cascade from the import): deleting an engine left its customers' uploaded files stored for
-- good, and a retried upload naming the same Idempotency-Key answered with the deleted engine's
-- file, which a new engine could then not take. An import not attached yet (engine_id NULL) is not
-- bound by the key. The files of engines deleted before go now.
DELETE FROM parametric_imports i
WHERE i.engine_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM engines e WHERE e.account_id = i.account_id AND e.id = i.engine_id);
ALTER TABLE parametric_imports
  ADD CONSTRAINT parametric_imports_engine_fkey FOREIGN KEY (account_id, engine_id)
  REFERENCES engines (account_id, id) ON DELETE CASCADE;
