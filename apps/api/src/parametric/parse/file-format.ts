import { fileExtension, LIMITS, MESSAGES } from '@siteseer/core';
import { SpreadsheetError } from './spreadsheet-error.ts';

export type SpreadsheetFormat = 'csv' | 'xlsx';

/** What the first bytes say the content is. */
type ContentKind = 'zip' | 'ole2' | 'text';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
/** The OLE2 compound file: legacy .xls, and also any password-protected .xlsx (encrypted into OLE2). */
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

/** Classifies content by its magic bytes; 'text' only means "not a known container", decoding decides. */
function sniffContent(bytes: Uint8Array): ContentKind {
  if (ZIP_MAGIC.every((byte, i) => bytes[i] === byte)) return 'zip';
  if (OLE2_MAGIC.every((byte, i) => bytes[i] === byte)) return 'ole2';
  return 'text';
}

function legacyWorkbook(fileName: string): SpreadsheetError {
  return new SpreadsheetError(
    'unsupported_format',
    `'${fileName}' is a legacy Excel 97-2003 workbook (.xls) or a password-protected workbook, which cannot be read. ` +
      'Remove any password, save it as "Excel Workbook (.xlsx)" or as CSV UTF-8, and upload it again.',
  );
}

/**
 * Decides the format from the content, checked against the extension: the extension must be .csv or
 * .xlsx (the spec's two formats) and must agree with what the bytes are, so a renamed file is
 * refused with a message saying what it really is. Whether text is valid CSV text, and whether a zip
 * is really a workbook, is for the readers to say.
 */
export function decideFormat(bytes: Uint8Array, fileName: string): SpreadsheetFormat {
  if (bytes.length === 0) throw new SpreadsheetError('empty', MESSAGES.fileEmpty);
  if (bytes.length > LIMITS.uploadMaxBytes)
    throw new SpreadsheetError('file_too_large', MESSAGES.fileTooLarge);
  const extension = fileExtension(fileName);
  const content = sniffContent(bytes);
  if (content === 'ole2' || extension === 'xls') throw legacyWorkbook(fileName);
  if (extension !== 'csv' && extension !== 'xlsx') {
    throw new SpreadsheetError(
      'unsupported_format',
      `${MESSAGES.fileTypeCsvXlsx} '${fileName}' has ${extension ? `the extension .${extension}` : 'no extension'}.`,
    );
  }
  if (extension === 'csv' && content === 'zip') {
    throw new SpreadsheetError(
      'extension_mismatch',
      `'${fileName}' is named .csv but is a zip archive (such as an Excel .xlsx workbook), not CSV text. ` +
        'Rename it to .xlsx if it is a workbook, or export it as CSV.',
    );
  }
  if (extension === 'xlsx' && content !== 'zip') {
    throw new SpreadsheetError(
      'extension_mismatch',
      `'${fileName}' is named .xlsx but is not an Excel workbook (an .xlsx file is a zip archive). ` +
        'If it is CSV text, rename it to .csv.',
    );
  }
  return extension;
}
