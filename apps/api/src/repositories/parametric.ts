import type { ParametricConfiguration } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

/** One stored version of an uploaded spreadsheet (without its file bytes). */
export interface VersionRecord {
  accountId: string;
  importId: string;
  engineId: string | null;
  version: number;
  originalFileName: string;
  format: 'csv' | 'xlsx';
  uploadedAt: Date;
  uploadedBy: string;
  rowCount: number;
  headers: string[];
  columnIds: string[];
  inferred: ParametricConfiguration;
  configuration: ParametricConfiguration | null;
}

interface VersionRow {
  account_id: string;
  import_id: string;
  engine_id: string | null;
  version: number;
  original_file_name: string;
  format: 'csv' | 'xlsx';
  uploaded_at: Date;
  uploaded_by: string;
  row_count: number;
  headers: string[];
  column_ids: string[];
  inferred: ParametricConfiguration;
  configuration: ParametricConfiguration | null;
}

const VERSION_COLUMNS = `v.account_id, v.import_id, i.engine_id, v.version, v.original_file_name, v.format,
  v.uploaded_at, v.uploaded_by, v.row_count, v.headers, v.column_ids, v.inferred, v.configuration`;

function toVersion(row: VersionRow): VersionRecord {
  return {
    accountId: row.account_id,
    importId: row.import_id,
    engineId: row.engine_id,
    version: row.version,
    originalFileName: row.original_file_name,
    format: row.format,
    uploadedAt: row.uploaded_at,
    uploadedBy: row.uploaded_by,
    rowCount: row.row_count,
    headers: row.headers,
    columnIds: row.column_ids,
    inferred: row.inferred,
    configuration: row.configuration,
  };
}

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

export interface NewVersion {
  accountId: string;
  importId: string;
  version: number;
  originalFileName: string;
  format: 'csv' | 'xlsx';
  uploadedBy: string;
  rowCount: number;
  headers: string[];
  columnIds: string[];
  inferred: ParametricConfiguration;
  /**
   * The original upload as base64 text: a 10 MB bytea parameter took ~1.8 s to cross into PGlite,
   * base64 + decode() ~0.3 s. Encoded by the parse worker, off the API thread (45 ms of it there).
   */
  fileBase64: string;
  idempotencyKey: string | null;
}

export async function insertVersion(db: Queryable, v: NewVersion): Promise<void> {
  await db.query(
    `INSERT INTO parametric_versions (account_id, import_id, version, original_file_name, format, uploaded_by,
       row_count, headers, column_ids, inferred, file, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9::text::jsonb, $10::text::jsonb, decode($11, 'base64'), $12)`,
    [
      v.accountId,
      v.importId,
      v.version,
      v.originalFileName,
      v.format,
      v.uploadedBy,
      v.rowCount,
      JSON.stringify(v.headers),
      JSON.stringify(v.columnIds),
      JSON.stringify(v.inferred),
      v.fileBase64,
      v.idempotencyKey,
    ],
  );
}

/** A version of an import; the latest when `version` is undefined. */
export async function findVersion(
  db: Queryable,
  accountId: string,
  importId: string,
  version?: number,
): Promise<VersionRecord | undefined> {
  if (!isUuid(importId)) return undefined;
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM parametric_versions v
     JOIN parametric_imports i ON i.account_id = v.account_id AND i.id = v.import_id
     WHERE v.account_id = $1 AND v.import_id = $2 AND ($3::int IS NULL OR v.version = $3)
     ORDER BY v.version DESC LIMIT 1`,
    [accountId, importId, version ?? null],
  );
  return rows[0] && toVersion(rows[0]);
}

export async function findVersionByIdempotencyKey(
  db: Queryable,
  accountId: string,
  key: string,
): Promise<VersionRecord | undefined> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM parametric_versions v
     JOIN parametric_imports i ON i.account_id = v.account_id AND i.id = v.import_id
     WHERE v.account_id = $1 AND v.idempotency_key = $2`,
    [accountId, key],
  );
  return rows[0] && toVersion(rows[0]);
}

export async function listVersions(
  db: Queryable,
  accountId: string,
  importId: string,
): Promise<VersionRecord[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM parametric_versions v
     JOIN parametric_imports i ON i.account_id = v.account_id AND i.id = v.import_id
     WHERE v.account_id = $1 AND v.import_id = $2 ORDER BY v.version`,
    [accountId, importId],
  );
  return rows.map(toVersion);
}

export async function saveVersionConfiguration(
  db: Queryable,
  accountId: string,
  importId: string,
  version: number,
  configuration: ParametricConfiguration,
): Promise<void> {
  await db.query(
    `UPDATE parametric_versions SET configuration = $4::text::jsonb
     WHERE account_id = $1 AND import_id = $2 AND version = $3`,
    [accountId, importId, version, JSON.stringify(configuration)],
  );
}

export async function readVersionFile(
  db: Queryable,
  accountId: string,
  importId: string,
  version: number,
): Promise<Uint8Array | undefined> {
  const { rows } = await db.query<{ file: Uint8Array }>(
    'SELECT file FROM parametric_versions WHERE account_id = $1 AND import_id = $2 AND version = $3',
    [accountId, importId, version],
  );
  return rows[0]?.file;
}

/** Rows per stored chunk of a version's cells (see 0005-cell-chunks.sql). */
export const CELL_CHUNK_ROWS = 1000;

type Cells = (string | null)[][];

/** A stored chunk of a version's rows: their cells, and each one's number in the file. */
export interface CellChunk {
  cells: Cells;
  rowNumbers: number[];
}

/**
 * Stores a version's cells: `chunks` are JSON arrays of CELL_CHUNK_ROWS rows (the last may be
 * shorter), `rowNumbers` every row's number in the file; one statement per chunk (one statement of
 * them all was 5× slower on PGlite).
 */
export async function insertCellChunks(
  db: Queryable,
  v: { accountId: string; importId: string; version: number },
  chunks: readonly string[],
  rowNumbers: readonly number[],
): Promise<void> {
  for (const [chunkNo, cells] of chunks.entries()) {
    const first = chunkNo * CELL_CHUNK_ROWS;
    await db.query(
      `INSERT INTO parametric_cell_chunks (account_id, import_id, version, chunk_no, cells, row_numbers)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [v.accountId, v.importId, v.version, chunkNo, cells, rowNumbers.slice(first, first + CELL_CHUNK_ROWS)],
    );
  }
}

/** A version's cells, a chunk of rows at a time in file order (`limit`: that many rows at most). */
export async function* readCellChunks(
  db: Queryable,
  accountId: string,
  importId: string,
  version: number,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<CellChunk> {
  const chunksWanted = Math.ceil(limit / CELL_CHUNK_ROWS);
  const CHUNKS_PER_READ = 8;
  let read = 0;
  for (let from = 0; read < limit; from += CHUNKS_PER_READ) {
    const { rows } = await db.query<{ cells: string; row_numbers: number[] }>(
      `SELECT cells, row_numbers FROM parametric_cell_chunks
       WHERE account_id = $1 AND import_id = $2 AND version = $3 AND chunk_no >= $4
       ORDER BY chunk_no LIMIT $5`,
      [accountId, importId, version, from, Math.min(CHUNKS_PER_READ, chunksWanted - from)],
    );
    for (const row of rows) {
      const cells = (JSON.parse(row.cells) as Cells).slice(0, limit - read);
      read += cells.length;
      yield { cells, rowNumbers: row.row_numbers.slice(0, cells.length) };
    }
    if (rows.length < CHUNKS_PER_READ) return;
  }
}

/** The first `limit` rows of cells of a version (all when limit is null), in file order. */
export async function readCells(
  db: Queryable,
  accountId: string,
  importId: string,
  version: number,
  limit: number | null,
): Promise<Cells> {
  const all: Cells = [];
  for await (const { cells } of readCellChunks(db, accountId, importId, version, limit ?? undefined))
    all.push(...cells);
  return all;
}

export interface PublishedRecord {
  importId: string;
  version: number;
  configuration: ParametricConfiguration;
  publishedAt: Date;
  /** New on every publish (see 0003-publish-generation.sql). */
  generation: string;
}

export async function findPublished(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<PublishedRecord | undefined> {
  const { rows } = await db.query<{
    import_id: string;
    version: number;
    configuration: ParametricConfiguration;
    published_at: Date;
    generation: string;
  }>(
    `SELECT import_id, version, configuration, published_at, generation::text AS generation
     FROM parametric_published WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId],
  );
  const row = rows[0];
  return (
    row && {
      importId: row.import_id,
      version: row.version,
      configuration: row.configuration,
      publishedAt: row.published_at,
      generation: row.generation,
    }
  );
}

export async function upsertPublished(
  db: Queryable,
  p: {
    accountId: string;
    engineId: string;
    importId: string;
    version: number;
    configuration: ParametricConfiguration;
    by: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO parametric_published (account_id, engine_id, import_id, version, configuration, published_by)
     VALUES ($1, $2, $3, $4, $5::text::jsonb, $6)
     ON CONFLICT (account_id, engine_id) DO UPDATE SET import_id = EXCLUDED.import_id, version = EXCLUDED.version,
       configuration = EXCLUDED.configuration, published_by = EXCLUDED.published_by, published_at = now()`,
    [p.accountId, p.engineId, p.importId, p.version, JSON.stringify(p.configuration), p.by],
  );
}
