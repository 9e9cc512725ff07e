import type { Queryable } from '../../store/types.ts';
import { isUuid } from '../ids.ts';

// Uploaded spreadsheets ("imports"): each has versions, and belongs to an engine once it has one.

export async function insertImport(
  db: Queryable,
  accountId: string,
  engineId: string | null,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO parametric_imports (account_id, engine_id) VALUES ($1, $2) RETURNING id',
    [accountId, engineId],
  );
  return (rows[0] as { id: string }).id;
}

/** The import, locked for the rest of the transaction (new versions are numbered under it). */
export async function lockImport(
  db: Queryable,
  accountId: string,
  importId: string,
): Promise<{ engineId: string | null; nextVersion: number } | undefined> {
  if (!isUuid(importId)) return undefined;
  const { rows } = await db.query<{ engine_id: string | null }>(
    'SELECT engine_id FROM parametric_imports WHERE account_id = $1 AND id = $2 FOR UPDATE',
    [accountId, importId],
  );
  if (!rows[0]) return undefined;
  const next = await db.query<{ n: number }>(
    'SELECT coalesce(max(version), 0)::int + 1 AS n FROM parametric_versions WHERE account_id = $1 AND import_id = $2',
    [accountId, importId],
  );
  return { engineId: rows[0].engine_id, nextVersion: next.rows[0]?.n ?? 1 };
}

/** The account an import belongs to, for calls that name only the import. */
export async function findImportAccountId(db: Queryable, importId: string): Promise<string | undefined> {
  if (!isUuid(importId)) return undefined;
  const { rows } = await db.query<{ account_id: string }>(
    'SELECT account_id FROM parametric_imports WHERE id = $1',
    [importId],
  );
  return rows[0]?.account_id;
}

/** The engine an import of the account belongs to, if any. */
export async function findImportEngineId(
  db: Queryable,
  accountId: string,
  importId: string,
): Promise<string | undefined> {
  if (!isUuid(importId)) return undefined;
  const { rows } = await db.query<{ engine_id: string | null }>(
    'SELECT engine_id FROM parametric_imports WHERE account_id = $1 AND id = $2',
    [accountId, importId],
  );
  return rows[0]?.engine_id ?? undefined;
}

/** The import of an engine (its spreadsheet). */
export async function findEngineImportId(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM parametric_imports WHERE account_id = $1 AND engine_id = $2 ORDER BY created_at LIMIT 1',
    [accountId, engineId],
  );
  return rows[0]?.id;
}

export async function attachImport(db: Queryable, accountId: string, importId: string, engineId: string) {
  await db.query('UPDATE parametric_imports SET engine_id = $3 WHERE account_id = $1 AND id = $2', [
    accountId,
    importId,
    engineId,
  ]);
}

/** Takes an import from its engine: the engine's file was replaced by another import. */
export async function detachImport(db: Queryable, accountId: string, importId: string): Promise<void> {
  await db.query('UPDATE parametric_imports SET engine_id = NULL WHERE account_id = $1 AND id = $2', [
    accountId,
    importId,
  ]);
}
