import {
  type ArchiveInspection,
  type ArchiveLimits,
  type ArchiveSummary,
  inspectArchive,
} from '../../archive-guard.ts';
import { PARSE_LIMITS } from './limits.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

export type { ArchiveLimits, ArchiveSummary };

const DEFAULT_LIMITS: ArchiveLimits = {
  maxEntries: PARSE_LIMITS.maxArchiveEntries,
  maxUncompressedBytes: PARSE_LIMITS.maxArchiveUncompressedBytes,
  maxCompressionRatio: PARSE_LIMITS.maxCompressionRatio,
  compressionRatioMinBytes: PARSE_LIMITS.compressionRatioMinBytes,
};

function refused(fileName: string, reason: string): SpreadsheetError {
  return new SpreadsheetError(
    'archive_refused',
    `'${fileName}' was refused before reading: ${reason}. A workbook of an upload's size never needs that; ` +
      'save it again from Excel (or export it as CSV) and upload it again.',
  );
}

function malformed(fileName: string, error: Error): SpreadsheetError {
  return new SpreadsheetError('malformed', `'${fileName}' is not a readable zip archive (${error.message}).`);
}

function assertWorkbook(names: Set<string>, fileName: string): void {
  if (names.has('[content_types].xml') && names.has('xl/workbook.xml')) return;
  if (names.has('xl/workbook.bin')) {
    throw new SpreadsheetError(
      'unsupported_format',
      `'${fileName}' is an Excel binary workbook (.xlsb). Save it as "Excel Workbook (.xlsx)" and upload it again.`,
    );
  }
  throw new SpreadsheetError(
    'unsupported_format',
    `'${fileName}' is a zip archive but not an Excel workbook (it has no [Content_Types].xml and xl/workbook.xml).`,
  );
}

/**
 * Inspects an XLSX's zip central directory, without inflating anything, and refuses what could
 * exhaust memory when parsed: too many entries, too many bytes once uncompressed, or a compression
 * ratio no spreadsheet has (a zip bomb). Also refuses a zip that is not an Excel workbook. Sizes are
 * as declared; a directory that lies about them is caught in the parse worker (`xlsx-precheck.ts`).
 */
export async function inspectXlsxArchive(
  bytes: Uint8Array,
  fileName: string,
  limits: ArchiveLimits = DEFAULT_LIMITS,
): Promise<ArchiveSummary> {
  let inspection: ArchiveInspection;
  try {
    inspection = await inspectArchive(bytes, limits);
  } catch (error) {
    // yauzl fails only on the archive's own bytes, so any error from it is the file's fault.
    if (error instanceof Error) throw malformed(fileName, error);
    throw error;
  }
  if (inspection.refusal !== null) throw refused(fileName, inspection.refusal);
  assertWorkbook(new Set(inspection.names.map((name) => name.toLowerCase())), fileName);
  return inspection.summary;
}
