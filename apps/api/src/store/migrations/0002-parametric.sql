-- Parametric engines: uploaded spreadsheets with versions, their raw cells, and the rows of the
-- published version that the search runtime reads. Tenant-owned: account_id leads every key.

-- One uploaded spreadsheet (an "import") with its versions; attached to an engine once it has one.
CREATE TABLE parametric_imports (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  engine_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, id),
  UNIQUE (id)
);
CREATE INDEX parametric_imports_engine ON parametric_imports (account_id, engine_id);

CREATE TABLE parametric_versions (
  account_id uuid NOT NULL,
  import_id uuid NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  original_file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by text NOT NULL,
  row_count integer NOT NULL,
  -- The header row, and the column ids given to it, in file order.
  headers jsonb NOT NULL,
  column_ids jsonb NOT NULL,
  -- The configuration inferred from the file, and the one saved for this version (if any).
  inferred jsonb NOT NULL,
  configuration jsonb,
  -- The original upload, for downloads (at most 10 MB).
  file bytea NOT NULL,
  -- A retried upload with the same Idempotency-Key returns this version instead of a new one.
  idempotency_key text,
  PRIMARY KEY (account_id, import_id, version),
  FOREIGN KEY (account_id, import_id) REFERENCES parametric_imports (account_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX parametric_versions_idempotency
  ON parametric_versions (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- The cells of every version as uploaded (text, null when empty), for previews and publishing.
CREATE TABLE parametric_cells (
  account_id uuid NOT NULL,
  import_id uuid NOT NULL,
  version integer NOT NULL,
  row_no integer NOT NULL,
  cells jsonb NOT NULL,
  PRIMARY KEY (account_id, import_id, version, row_no),
  FOREIGN KEY (account_id, import_id, version)
    REFERENCES parametric_versions (account_id, import_id, version) ON DELETE CASCADE
);

-- What is live for an engine: which version, with which configuration.
CREATE TABLE parametric_published (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  import_id uuid NOT NULL,
  version integer NOT NULL,
  configuration jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by text NOT NULL,
  PRIMARY KEY (account_id, engine_id),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, import_id, version)
    REFERENCES parametric_versions (account_id, import_id, version)
);

-- The typed rows of the published version. Replaced inside the publishing transaction, so a
-- search sees the old version or the new one, never a mix, and a failed publish changes nothing.
CREATE TABLE parametric_rows (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  row_no integer NOT NULL,
  data jsonb NOT NULL,
  search_text text NOT NULL DEFAULT '',
  search tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
  PRIMARY KEY (account_id, engine_id, row_no),
  FOREIGN KEY (account_id, engine_id) REFERENCES parametric_published (account_id, engine_id) ON DELETE CASCADE
);
CREATE INDEX parametric_rows_search ON parametric_rows USING gin (search);
