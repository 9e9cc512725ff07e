-- Sign-ins the crawler sends to a keyword engine's start sites (sites behind a login), one per
-- site. `sealed` is the sign-in encrypted with AES-256-GCM (v1.<key id>.<iv>.<tag>.<ciphertext>,
-- bound to its account, engine and site); `label` names it without a secret (the Basic user name,
-- the header's name, the cookies' names). They belong to the engine, so that they can be set
-- before its crawler's first run.
CREATE TABLE crawl_site_credentials (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  site text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('basic', 'header', 'cookie')),
  label text NOT NULL,
  sealed text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, engine_id, site),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE
);
