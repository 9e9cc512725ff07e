import * as XLSX from '@e965/xlsx';
import {
  type CellValue,
  type ColumnType,
  canDownloadEngineFile,
  INGEST_API_CREATOR,
  MESSAGES,
} from '@siteseer/core';
import type { Principal } from '../auth/authenticate.ts';
import { ConflictError, NotAllowedError, NotFoundError } from '../errors.ts';
import { readCells } from '../repositories/parametric/cell-chunks.ts';
import { findEngineImportId } from '../repositories/parametric/imports.ts';
import { findPublished } from '../repositories/parametric/published.ts';
import { findVersion, readVersionFile } from '../repositories/parametric/versions.ts';
import type { Store } from '../store/types.ts';
import { neutraliseFormula, toCsv } from './csv-export.ts';
import { parametricAccess, parametricEngine } from './guards.ts';
import { typedValue } from './parse/index.ts';

export interface DownloadFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The engine and version a download is of, when the caller may download it: the account's owner,
 * an admin or a super admin (the spec), or the account's own API key. Engines made by the
 * data-source API refuse portal users with the spec's message.
 */
async function downloadable(
  store: Store,
  principal: Principal,
  q: { accountId: string; engineId: string; version?: number | undefined; importId?: string | undefined },
) {
  const engine = await parametricEngine(
    store,
    await parametricAccess(store, principal, q.accountId),
    q.engineId,
  );
  if (principal.kind === 'user') {
    if (!canDownloadEngineFile(principal.viewer, engine))
      throw new NotAllowedError('Only owners and admins can download files.');
    if (engine.createdBy === INGEST_API_CREATOR) throw new ConflictError(MESSAGES.apiEngineActionUnsupported);
  }
  const importId = q.importId ?? (await findEngineImportId(store, q.accountId, q.engineId));
  const published = await findPublished(store, q.accountId, q.engineId);
  const versionNumber = q.version ?? (published?.importId === importId ? published?.version : undefined);
  const version = importId ? await findVersion(store, q.accountId, importId, versionNumber) : undefined;
  if (!version || (version.engineId && version.engineId !== q.engineId)) throw new NotFoundError('File');
  return version;
}

/** `GET parametric/download`: the file of a version exactly as it was uploaded. */
export async function downloadVersionFile(
  store: Store,
  principal: Principal,
  q: { accountId: string; engineId: string; version?: number | undefined; importId?: string | undefined },
): Promise<DownloadFile> {
  const version = await downloadable(store, principal, q);
  const bytes = await readVersionFile(store, q.accountId, version.importId, version.version);
  if (!bytes) throw new NotFoundError('File');
  return { fileName: version.originalFileName, contentType: CONTENT_TYPES[version.format], bytes };
}

/** The most characters Excel holds in a cell. */
const XLSX_CELL_MAX = 32_767;

/**
 * Text cut to what Excel holds, ending in '…' when cut. A longer cell (a 240,000-character
 * description is a fine upload) made Excel report the export as corrupt and "repair" it; the CSV
 * export keeps every character.
 */
function fitExcelCell(text: string): string {
  if (text.length <= XLSX_CELL_MAX) return text;
  let end = XLSX_CELL_MAX - 1;
  // Not between the two halves of a character outside the BMP.
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * One cell of the XLSX export: numbers and booleans of columns typed so as values, everything else
 * as text escaped as the CSV export escapes it, cut to what Excel holds. Never a formula: a string
 * cell is not one to SheetJS, but a spreadsheet that re-saves it as CSV or a user who edits it may
 * make it one.
 */
export function xlsxCell(text: string | null, type: ColumnType | undefined): CellValue {
  if (text === null) return null;
  if (type === 'integer' || type === 'half_float' || type === 'boolean') {
    const value = typedValue(text, type);
    if (value !== undefined) return value;
  }
  return fitExcelCell(neutraliseFormula(text));
}

/**
 * `GET searchengines/{id}/download/{format}`: the version's table, the rows as stored from the
 * upload's CSV or first sheet, as CSV or as a one-sheet XLSX, formula-escaped both ways. An XLSX
 * upload is exported too, not returned as uploaded: the workbook may hold other sheets and live
 * formulas (`parametric/download` gives the file as uploaded).
 */
export async function downloadDataset(
  store: Store,
  principal: Principal,
  q: { accountId: string; engineId: string; format: 'csv' | 'xlsx'; version?: number | undefined },
): Promise<DownloadFile> {
  const version = await downloadable(store, principal, q);
  const base = version.originalFileName.replace(/\.(csv|xlsx)$/i, '');
  const cells = await readCells(store, q.accountId, version.importId, version.version, null);
  if (q.format === 'csv') {
    const csv = toCsv(version.headers, cells);
    return { fileName: `${base}.csv`, contentType: CONTENT_TYPES.csv, bytes: new TextEncoder().encode(csv) };
  }
  const columns = (version.configuration ?? version.inferred).columns;
  const types = version.columnIds.map((id) => columns[id]?.type);
  const sheet = XLSX.utils.aoa_to_sheet([
    version.headers.map((header) => fitExcelCell(neutraliseFormula(header))),
    ...cells.map((row) => row.map((text, c) => xlsxCell(text, types[c]))),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
  return { fileName: `${base}.xlsx`, contentType: CONTENT_TYPES.xlsx, bytes };
}
