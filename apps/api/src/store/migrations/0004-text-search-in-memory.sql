-- Text searches are answered by the search runtime's in-memory index of each published engine
-- (parametric/search-index.ts), made from the rows' lexemes (the `search` column stays). The GIN
-- index on `search` only served SQL text searches, which now run while an engine's index is being
-- made (scanning that engine's rows only); on PGlite the planner, without statistics, did not even
-- choose it. Keeping it up to date cost about as much as loading the rows: it went to make publishing
-- faster.
DROP INDEX parametric_rows_search;
