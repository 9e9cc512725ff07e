-- Siteseer's initial schema. Every tenant-owned table carries account_id, and every query of
-- tenant data filters by it (so tables can later be distributed by account_id).
-- SQL accepted by PostgreSQL 15 and PGlite (PostgreSQL 18) alike.

-- Logins (global, not tenant-owned): people who sign in through the embedded identity provider,
-- or who are matched by e-mail when an external issuer is configured.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- argon2id hash; null until the user sets a password through an invitation or reset link.
  password_hash text,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INVITED', 'DEPROVISIONED')),
  groups text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- One-time links to set a password (invitation or reset). Only a hash of the token is kept.
CREATE TABLE password_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Failed sign-ins per key ('email:<address>' or 'ip:<address>') in the current window.
CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  products text[] NOT NULL DEFAULT '{}',
  -- SHA-256 of the current API key; the key itself is shown once and never stored.
  api_key_hash text,
  api_key_created_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_api_key_hash_key ON accounts (api_key_hash) WHERE api_key_hash IS NOT NULL;

CREATE TABLE account_users (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'user')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, user_id)
);
-- Only one owner per account.
CREATE UNIQUE INDEX account_users_one_owner ON account_users (account_id) WHERE role = 'owner';
CREATE INDEX account_users_user_id ON account_users (user_id);

CREATE TABLE engines (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('pm', 'kw')),
  -- Parametric: the current file (originalFileName, uploadDate, importId, version).
  detail jsonb,
  saved_spreadsheet_id text,
  -- Keyword: the wizard's settings (crawler, tabs, relevance, ranking, synonyms, rewrites).
  settings jsonb NOT NULL DEFAULT '{}',
  metadata jsonb,
  urls text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  PRIMARY KEY (account_id, id),
  UNIQUE (id)
);

CREATE TABLE clients (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  engine_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('pm', 'kw')),
  index_name text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, id),
  UNIQUE (id),
  UNIQUE (engine_id),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE
);

CREATE TABLE features (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  show_details boolean NOT NULL DEFAULT false,
  allowed_roles text[] NOT NULL DEFAULT '{}'
);

-- The one maintenance notice (singleton row).
CREATE TABLE maintenance_notice (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  title text NOT NULL DEFAULT '',
  message text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  creator text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The identity provider's stored models (sessions, grants, codes, tokens, device codes).
CREATE TABLE oidc_models (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant_id ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_user_code ON oidc_models (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_models_uid ON oidc_models (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_expires_at ON oidc_models (expires_at);

-- Server secrets generated on first start: signing keys (JWKS) and cookie keys.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
