import type { KeywordSettings, ParametricDetail, ProductType, SearchEngine } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

interface EngineRow {
  id: string;
  account_id: string;
  name: string;
  type: ProductType;
  detail: ParametricDetail | null;
  saved_spreadsheet_id: string | null;
  settings: Partial<KeywordSettings>;
  metadata: Record<string, unknown> | null;
  urls: string[];
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string;
}

const COLUMNS = `id, account_id, name, type, detail, saved_spreadsheet_id, settings, metadata, urls,
  created_at, created_by, updated_at, updated_by`;

function toEngine(row: EngineRow): SearchEngine {
  return {
    ...(row.type === 'kw' ? row.settings : {}),
    id: row.id,
    accountId: row.account_id,
    searchEngineName: row.name,
    searchEngineType: row.type,
    searchEngineDetail: row.detail,
    savedSpreadsheetId: row.saved_spreadsheet_id,
    createdDate: row.created_at.toISOString(),
    createdBy: row.created_by,
    updatedDate: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    ...(row.metadata ? { metadata: row.metadata } : {}),
    urls: row.urls,
  };
}

export interface EngineFilter {
  /** Only these accounts' engines; null means every account (super admins). */
  accountIds: readonly string[] | null;
  type?: ProductType | undefined;
}

export async function listEngines(db: Queryable, filter: EngineFilter): Promise<SearchEngine[]> {
  const { rows } = await db.query<EngineRow>(
    `SELECT ${COLUMNS} FROM engines
     WHERE ($1::uuid[] IS NULL OR account_id = ANY($1::uuid[])) AND ($2::text IS NULL OR type = $2)
     ORDER BY lower(name), id`,
    [filter.accountIds, filter.type ?? null],
  );
  return rows.map(toEngine);
}

/** One engine of one account: both ids must match (tenant isolation). */
export async function findEngine(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<SearchEngine | undefined> {
  if (!isUuid(accountId) || !isUuid(engineId)) return undefined;
  const { rows } = await db.query<EngineRow>(
    `SELECT ${COLUMNS} FROM engines WHERE account_id = $1 AND id = $2`,
    [accountId, engineId],
  );
  return rows[0] && toEngine(rows[0]);
}

export interface EngineWrite {
  name: string;
  type: ProductType;
  settings: Partial<KeywordSettings>;
  urls: readonly string[];
  detail?: ParametricDetail | null;
  metadata?: Record<string, unknown> | null;
  by: string;
}

export async function insertEngine(
  db: Queryable,
  accountId: string,
  engine: EngineWrite,
): Promise<SearchEngine> {
  const { rows } = await db.query<EngineRow>(
    `INSERT INTO engines (account_id, name, type, detail, settings, metadata, urls, created_by, updated_by)
     VALUES ($1, $2, $3, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb, $7, $8, $8) RETURNING ${COLUMNS}`,
    [
      accountId,
      engine.name,
      engine.type,
      engine.detail ? JSON.stringify(engine.detail) : null,
      JSON.stringify(engine.settings),
      engine.metadata ? JSON.stringify(engine.metadata) : null,
      engine.urls,
      engine.by,
    ],
  );
  return toEngine(rows[0] as EngineRow);
}

export async function updateEngineRow(
  db: Queryable,
  accountId: string,
  engineId: string,
  engine: Pick<EngineWrite, 'settings' | 'urls' | 'by'>,
): Promise<SearchEngine | undefined> {
  const { rows } = await db.query<EngineRow>(
    `UPDATE engines SET settings = $3::text::jsonb, urls = $4, updated_by = $5, updated_at = now()
     WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [accountId, engineId, JSON.stringify(engine.settings), engine.urls, engine.by],
  );
  return rows[0] && toEngine(rows[0]);
}

export async function deleteEngineRow(db: Queryable, accountId: string, engineId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM engines WHERE account_id = $1 AND id = $2', [
    accountId,
    engineId,
  ]);
  return rowCount > 0;
}

/** Locks an engine's row for the rest of the transaction: publishes of one engine run one at a time. */
export async function lockEngine(db: Queryable, accountId: string, engineId: string): Promise<void> {
  await db.query('SELECT 1 FROM engines WHERE account_id = $1 AND id = $2 FOR UPDATE', [accountId, engineId]);
}

/** Records a parametric engine's current file (what it publishes), and who changed it. */
export async function setParametricDetail(
  db: Queryable,
  accountId: string,
  engineId: string,
  detail: ParametricDetail,
  by: string,
): Promise<void> {
  await db.query(
    `UPDATE engines SET detail = $3::text::jsonb, saved_spreadsheet_id = $4, updated_at = now(), updated_by = $5
     WHERE account_id = $1 AND id = $2`,
    [accountId, engineId, JSON.stringify(detail), detail.importId, by],
  );
}

/**
 * Sets one key of a keyword engine's settings, the others as they are (no read-modify-write to
 * race the wizard's save); records who changed it. False when there is no such engine.
 */
export async function setEngineSetting(
  db: Queryable,
  accountId: string,
  engineId: string,
  setting: { key: keyof KeywordSettings; value: unknown; by: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE engines SET settings = jsonb_set(settings, ARRAY[$3::text], $4::text::jsonb),
       updated_by = $5, updated_at = now()
     WHERE account_id = $1 AND id = $2`,
    [accountId, engineId, setting.key, JSON.stringify(setting.value), setting.by],
  );
  return rowCount > 0;
}
