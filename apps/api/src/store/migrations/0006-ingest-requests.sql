-- The answer of each data-source create (POST datasource/parametric) sent with an Idempotency-Key,
-- stored in the transaction that creates the engine: a retry, also after a crash, finds the answer
-- committed with the engine, or nothing and does the request afresh. request_hash tells a retry of
-- the same request from another request reusing the key. Deleting the engine frees its key.
CREATE TABLE ingest_requests (
  account_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  engine_id uuid NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, idempotency_key),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE
);
