import { SpreadsheetError } from './spreadsheet-error.ts';

const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF16BE_BOM = [0xfe, 0xff] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** Whether the bytes start with a UTF-16 byte order mark (the only UTF-16 we can tell from binary). */
export function hasUtf16Bom(bytes: Uint8Array): boolean {
  return startsWith(bytes, UTF16LE_BOM) || startsWith(bytes, UTF16BE_BOM);
}

/**
 * Decodes a CSV's bytes: UTF-8 (a byte order mark is dropped), or UTF-16 LE/BE when it starts with
 * its byte order mark (Excel's "Unicode text" export). Anything else is refused rather than guessed:
 * reading Windows-1252 as UTF-8 would silently corrupt every accented value.
 */
export function decodeCsvText(bytes: Uint8Array, fileName: string): string {
  const encoding = startsWith(bytes, UTF16LE_BOM)
    ? 'utf-16le'
    : startsWith(bytes, UTF16BE_BOM)
      ? 'utf-16be'
      : 'utf-8';
  // A NUL byte never occurs in UTF-8 text: this is a binary file, whatever its name says.
  if (encoding === 'utf-8' && bytes.includes(0)) throw notText(fileName);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    // The decoder signals invalid input with a TypeError; anything else is not ours to explain.
    if (!(error instanceof TypeError)) throw error;
    throw new SpreadsheetError(
      'encoding',
      encoding === 'utf-8'
        ? `'${fileName}' is not UTF-8 text. Save the CSV with the UTF-8 encoding (in Excel: "CSV UTF-8 (Comma delimited)") and upload it again.`
        : `'${fileName}' starts like UTF-16 text but is not valid UTF-16. Save the CSV as UTF-8 and upload it again.`,
    );
  }
  if (text.includes('\0')) throw notText(fileName);
  return text;
}

function notText(fileName: string): SpreadsheetError {
  return new SpreadsheetError(
    'unsupported_format',
    `'${fileName}' is a binary file, not CSV text. Upload a CSV (UTF-8) or an Excel workbook (.xlsx).`,
  );
}
