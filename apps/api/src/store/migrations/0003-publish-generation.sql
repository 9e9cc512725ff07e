-- Every publish gets a number never used before (across engines, rollbacks and processes), so the
-- search runtime can cache what it computed from an engine's rows under that number: a cached
-- entry can only be read by a search that saw the same publish, and a new publish (even of an older
-- version, or of the same version with another configuration) makes a new number.
CREATE SEQUENCE parametric_publish_generation;

ALTER TABLE parametric_published
  ADD COLUMN generation bigint NOT NULL DEFAULT nextval('parametric_publish_generation');

-- A trigger rather than the publishing code, so that no writer of this table can forget it.
CREATE FUNCTION parametric_published_next_generation() RETURNS trigger AS $$
BEGIN
  NEW.generation := nextval('parametric_publish_generation');
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER parametric_published_generation BEFORE UPDATE ON parametric_published
  FOR EACH ROW EXECUTE FUNCTION parametric_published_next_generation();
