import type { ParametricConfiguration } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';
import { isUuid } from '../ids.ts';

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
