import type { Entry, ZipFile } from 'yauzl';
import { fromBufferPromise } from 'yauzl';
import { PARSE_LIMITS } from './limits.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

/** What the central directory of an accepted workbook declares. */
export interface ArchiveSummary {
  entries: number;
  compressedBytes: number;
  uncompressedBytes: number;
}

export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  compressionRatioMinBytes: number;
}

const DEFAULT_LIMITS: ArchiveLimits = {
  maxEntries: PARSE_LIMITS.maxArchiveEntries,
  maxUncompressedBytes: PARSE_LIMITS.maxArchiveUncompressedBytes,
  maxCompressionRatio: PARSE_LIMITS.maxCompressionRatio,
  compressionRatioMinBytes: PARSE_LIMITS.compressionRatioMinBytes,
};

const MB = 1024 * 1024;

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

/** yauzl fails only on the archive's own bytes, so any error from it is the file's fault. */
async function openArchive(bytes: Uint8Array, fileName: string): Promise<ZipFile> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return await fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true });
  } catch (error) {
    if (error instanceof Error) throw malformed(fileName, error);
    throw error;
  }
}

async function readEntries(zip: ZipFile, fileName: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch (error) {
    if (error instanceof Error) throw malformed(fileName, error);
    throw error;
  }
  return entries;
}

function ratioTooHigh(uncompressed: number, compressed: number, limits: ArchiveLimits): boolean {
  return (
    uncompressed > limits.compressionRatioMinBytes &&
    uncompressed / Math.max(compressed, 1) > limits.maxCompressionRatio
  );
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
  const zip = await openArchive(bytes, fileName);
  try {
    // The end-of-directory record declares the count: refuse before walking a huge directory.
    if (zip.entryCount > limits.maxEntries) {
      throw refused(fileName, `it has ${zip.entryCount} entries (at most ${limits.maxEntries})`);
    }
    const entries = await readEntries(zip, fileName);
    if (entries.length > limits.maxEntries) {
      throw refused(fileName, `it has ${entries.length} entries (at most ${limits.maxEntries})`);
    }
    let compressedBytes = 0;
    let uncompressedBytes = 0;
    for (const entry of entries) {
      if (entry.isEncrypted()) throw refused(fileName, `its entry '${entry.fileName}' is encrypted`);
      if (ratioTooHigh(entry.uncompressedSize, entry.compressedSize, limits)) {
        const ratio = Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1));
        throw refused(
          fileName,
          `its entry '${entry.fileName}' is compressed ${ratio}:1 (at most ${limits.maxCompressionRatio}:1)`,
        );
      }
      compressedBytes += entry.compressedSize;
      uncompressedBytes += entry.uncompressedSize;
    }
    if (uncompressedBytes > limits.maxUncompressedBytes) {
      throw refused(
        fileName,
        `it expands to ${Math.round(uncompressedBytes / MB)} MB (at most ${Math.round(limits.maxUncompressedBytes / MB)} MB)`,
      );
    }
    if (ratioTooHigh(uncompressedBytes, compressedBytes, limits)) {
      const ratio = Math.round(uncompressedBytes / Math.max(compressedBytes, 1));
      throw refused(
        fileName,
        `it is compressed ${ratio}:1 overall (at most ${limits.maxCompressionRatio}:1)`,
      );
    }
    assertWorkbook(new Set(entries.map((entry) => entry.fileName.toLowerCase())), fileName);
    return { entries: entries.length, compressedBytes, uncompressedBytes };
  } finally {
    zip.close();
  }
}
