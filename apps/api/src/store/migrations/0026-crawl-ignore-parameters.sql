-- The query parameters an engine's crawler drops from URLs besides the built-in tracking and
-- session ones (names or `prefix*` patterns): part of the frontier's URL key, so read by the loop.
ALTER TABLE crawlers ADD COLUMN ignore_parameters text[] NOT NULL DEFAULT '{}';
