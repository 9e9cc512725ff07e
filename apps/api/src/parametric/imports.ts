import type {
  ParametricConfiguration,
  SpreadsheetHistoryEntry,
  SpreadsheetImport,
  SpreadsheetPreview,
} from '@siteseer/core';
import type { EngineAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { CELL_CHUNK_ROWS, insertCellChunks, readCells } from '../repositories/parametric/cell-chunks.ts';
import {
  findImportAccountId,
  findImportEngineId,
  insertImport,
  lockImport,
} from '../repositories/parametric/imports.ts';
import {
  findVersion,
  findVersionByIdempotencyKey,
  insertVersion,
  listVersions,
  type VersionRecord,
} from '../repositories/parametric/versions.ts';
import type { Queryable, Store } from '../store/types.ts';
import { parametricAccess, parametricEngine, requireParametricWrite } from './guards.ts';
import { type ParsedTable, parseForStore, typedRows } from './parse/index.ts';
import { versionConfiguration } from './version-configuration.ts';

export interface UploadInput {
  accountId: string;
  /** The engine the spreadsheet belongs to; absent while the wizard has not created it yet. */
  engineId?: string | undefined;
  /** A new version of this import; absent for a new import. */
  importId?: string | undefined;
  fileName: string;
  bytes: Uint8Array;
  idempotencyKey?: string | undefined;
}

function toSpreadsheetImport(v: VersionRecord): SpreadsheetImport {
  return {
    importId: v.importId,
    version: v.version,
    originalFileName: v.originalFileName,
    uploadDate: v.uploadedAt.toISOString(),
    rowCount: v.rowCount,
    columns: v.headers,
  };
}

/** An upload parsed and checked but not stored yet, or the version an earlier call with its key made. */
export type ParsedUpload =
  | { earlier: VersionRecord }
  | {
      /** The table without its rows: they are `cellChunks`, JSON text of CELL_CHUNK_ROWS rows each. */
      table: ParsedTable;
      rowCount: number;
      cellChunks: string[];
      /** The file as base64 text, as the store keeps it. */
      fileBase64: string;
      inferred: ParametricConfiguration;
      key: string | null;
    };

/**
 * The first half of an upload, for a caller whose access has been checked: the idempotency key
 * looked up, the file parsed and checked (in a worker thread: a 10 MB file would otherwise hold the
 * event loop ~0.5 s), its rows made into the JSON chunks the store keeps there too.
 */
export async function parseUpload(store: Store, input: UploadInput): Promise<ParsedUpload> {
  const key = input.idempotencyKey ? `${input.importId ?? 'new'}:${input.idempotencyKey}` : null;
  if (key) {
    const earlier = await findVersionByIdempotencyKey(store, input.accountId, key);
    if (earlier) return { earlier };
  }
  return { ...(await parseForStore(input.bytes, input.fileName, CELL_CHUNK_ROWS)), key };
}

/** A parsed upload ready to be stored. */
export type StorableUpload = Extract<ParsedUpload, { table: ParsedTable }>;

/** The second half: the version and its cells stored in one transaction. */
async function storeUpload(
  store: Store,
  access: EngineAccess,
  input: UploadInput,
  parsed: StorableUpload,
): Promise<SpreadsheetImport> {
  const stored = toSpreadsheetImport(
    await store.transaction((tx) => insertUpload(tx, access, input, parsed)),
  );
  return withWarnings(stored, parsed.table.warnings);
}

/**
 * An answer with the parser's warnings, when it has any: they were computed (the first sheet only,
 * numbers rewritten, formulas without results) but reached no one, so an upload that read '1.000,50'
 * as 1000.5 or dropped 45 sheets said nothing of it.
 */
export function withWarnings<T extends object>(
  answer: T,
  warnings: readonly string[],
): T & { warnings?: string[] } {
  return warnings.length > 0 ? { ...answer, warnings: [...warnings] } : answer;
}

/** Stores a parsed upload as a new version with its cells, in the caller's transaction. */
export async function insertUpload(
  tx: Queryable,
  access: EngineAccess,
  input: UploadInput,
  { table, rowCount, cellChunks, fileBase64, inferred, key }: StorableUpload,
): Promise<VersionRecord> {
  let importId = input.importId;
  let next = 1;
  if (importId) {
    const locked = await lockImport(tx, input.accountId, importId);
    if (!locked) throw new NotFoundError('Spreadsheet');
    if (input.engineId && locked.engineId && locked.engineId !== input.engineId) {
      throw new InputError('This spreadsheet belongs to another search engine.');
    }
    next = locked.nextVersion;
  } else {
    importId = await insertImport(tx, input.accountId, input.engineId ?? null);
  }
  await insertVersion(tx, {
    accountId: input.accountId,
    importId,
    version: next,
    originalFileName: input.fileName,
    format: table.format,
    uploadedBy: access.author,
    rowCount,
    headers: table.headers,
    columnIds: table.columnIds,
    inferred,
    fileBase64,
    idempotencyKey: key,
  });
  await insertCellChunks(
    tx,
    { accountId: input.accountId, importId, version: next },
    cellChunks,
    table.rowNumbers,
  );
  return (await findVersion(tx, input.accountId, importId, next)) as VersionRecord;
}

/**
 * Stores an uploaded spreadsheet as a new version (of a new import, or of `importId`): parsed and
 * checked first, so a refused file stores nothing; then the version and its cells in one
 * transaction. A retry with the same idempotency key returns the version the first call made.
 */
export async function uploadSpreadsheet(
  store: Store,
  principal: Principal,
  input: UploadInput,
): Promise<SpreadsheetImport> {
  const access = await parametricAccess(store, principal, input.accountId);
  const engineId =
    input.engineId ?? (input.importId && (await findImportEngineId(store, input.accountId, input.importId)));
  const engine = engineId ? await parametricEngine(store, access, engineId) : undefined;
  await requireParametricWrite(store, access, engine);
  const parsed = await parseUpload(store, input);
  return 'earlier' in parsed
    ? toSpreadsheetImport(parsed.earlier)
    : storeUpload(store, access, input, parsed);
}

/** The account of an import the principal may work on (404 otherwise). */
export async function importAccount(store: Store, principal: Principal, importId: string): Promise<string> {
  const accountId = await findImportAccountId(store, importId);
  if (!accountId) throw new NotFoundError('Spreadsheet');
  await parametricAccess(store, principal, accountId).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new NotFoundError('Spreadsheet');
    throw error;
  });
  return accountId;
}

/**
 * The first `lines` rows of the latest version, typed by its configuration: saved, else the
 * engine's published one carried over, else inferred (versionConfiguration).
 */
export async function previewSpreadsheet(
  store: Store,
  principal: Principal,
  importId: string,
  lines: number,
): Promise<SpreadsheetPreview> {
  const accountId = await importAccount(store, principal, importId);
  const version = await findVersion(store, accountId, importId);
  if (!version) throw new NotFoundError('Spreadsheet');
  const configuration = await versionConfiguration(store, accountId, version);
  const cells = await readCells(store, accountId, importId, version.version, Math.min(lines, 100));
  const rows = typedRows(
    { headers: version.headers, columnIds: version.columnIds, rows: cells },
    configuration,
  );
  return { rows, configuration };
}

/** Every version of an import, oldest first, with its rows and uploader (the publish screen shows them). */
export async function spreadsheetHistory(
  store: Store,
  principal: Principal,
  importId: string,
): Promise<SpreadsheetHistoryEntry[]> {
  const accountId = await importAccount(store, principal, importId);
  const versions = await listVersions(store, accountId, importId);
  return versions.map((v) => ({
    originalFileName: v.originalFileName,
    uploadDate: v.uploadedAt.toISOString(),
    version: v.version,
    importId: v.importId,
    rowCount: v.rowCount,
    uploadedBy: v.uploadedBy,
  }));
}
