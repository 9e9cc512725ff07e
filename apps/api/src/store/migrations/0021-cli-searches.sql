-- Searches made with `siteseer search` (the CLI marks them with `X-Siteseer-Source: cli`): a
-- person checking the engine, not a visitor. They are counted here, apart from the visitors'
-- rollups (0011), so every report and frame leaves them out; the JSON report adds them to its
-- search counts when asked (`include=cli`). Not stored one by one: the CLI shows its own results,
-- and nothing clicks them. Deleted past the retention period like the other daily rollups.
-- Tenant-owned: account_id leads the key; rows go with their client (ON DELETE CASCADE).
CREATE TABLE analytics_cli_days (
  account_id uuid NOT NULL,
  client_id uuid NOT NULL,
  day date NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  latency_ms_sum double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, client_id, day),
  FOREIGN KEY (account_id, client_id) REFERENCES clients (account_id, id) ON DELETE CASCADE
);
