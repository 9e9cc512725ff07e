import type { IngestResult } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

/** A data-source create answered earlier under an idempotency key (see 0006-ingest-requests.sql). */
export interface IngestRequestRecord {
  requestHash: string;
  result: IngestResult;
}

/**
 * Holds the account's idempotency key until the transaction ends: a concurrent request with the
 * same key waits here, then finds the answer the first one committed.
 */
export async function lockIngestKey(tx: Queryable, accountId: string, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [accountId, key]);
}

export async function findIngestRequest(
  db: Queryable,
  accountId: string,
  key: string,
): Promise<IngestRequestRecord | undefined> {
  const { rows } = await db.query<{ request_hash: string; result: IngestResult }>(
    'SELECT request_hash, result FROM ingest_requests WHERE account_id = $1 AND idempotency_key = $2',
    [accountId, key],
  );
  return rows[0] && { requestHash: rows[0].request_hash, result: rows[0].result };
}

export async function insertIngestRequest(
  tx: Queryable,
  r: { accountId: string; key: string; requestHash: string; result: IngestResult },
): Promise<void> {
  await tx.query(
    `INSERT INTO ingest_requests (account_id, idempotency_key, request_hash, engine_id, result)
     VALUES ($1, $2, $3, $4, $5::text::jsonb)`,
    [r.accountId, r.key, r.requestHash, r.result.engineId, JSON.stringify(r.result)],
  );
}
