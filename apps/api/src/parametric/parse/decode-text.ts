import { SpreadsheetError } from './spreadsheet-error.ts';

const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF16BE_BOM = [0xfe, 0xff] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** Whether the bytes start with a UTF-16 byte order mark. */
function hasUtf16Bom(bytes: Uint8Array): boolean {
  return startsWith(bytes, UTF16LE_BOM) || startsWith(bytes, UTF16BE_BOM);
}

/** How many first bytes are looked at to tell UTF-16 without a byte order mark. */
const SNIFF_BYTES = 1024;

/**
 * UTF-16 without a byte order mark (some databases and scripts write it), told by its zero bytes:
 * text of ASCII-range characters (letters, digits, delimiters, line breaks) has a zero as the high
 * byte of most characters and almost never as the low byte, which no binary format does steadily.
 * The first KB must be at least 40% characters with a zero high byte and at most 2% with a zero low
 * byte; a file of only non-Latin text (no delimiters, no line breaks) would not pass, and is refused
 * as before. What passes must still decode as valid UTF-16 with no NUL or control characters.
 */
function sniffUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  const end = Math.min(bytes.length, SNIFF_BYTES);
  const pairs = end / 2;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < end; i += 2) {
    if (bytes[i] === 0) zeroEven++;
    if (bytes[i + 1] === 0) zeroOdd++;
  }
  if (zeroOdd >= pairs * 0.4 && zeroEven <= pairs * 0.02) return 'utf-16le';
  if (zeroEven >= pairs * 0.4 && zeroOdd <= pairs * 0.02) return 'utf-16be';
  return null;
}

/** Whether the text holds a C0 control character other than tab, line feed and carriage return. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

/**
 * Decodes a CSV's bytes: UTF-8 (a byte order mark is dropped), or UTF-16 LE/BE when it starts with
 * its byte order mark (Excel's "Unicode text" export) or its zero bytes say so
 * (`sniffUtf16WithoutBom`). Anything else is refused rather than guessed: reading Windows-1252 as
 * UTF-8 would silently corrupt every accented value.
 */
export function decodeCsvText(bytes: Uint8Array, fileName: string): string {
  const sniffed = hasUtf16Bom(bytes) ? null : sniffUtf16WithoutBom(bytes);
  const encoding = startsWith(bytes, UTF16LE_BOM)
    ? 'utf-16le'
    : startsWith(bytes, UTF16BE_BOM)
      ? 'utf-16be'
      : (sniffed ?? 'utf-8');
  // A NUL byte never occurs in UTF-8 text: this is a binary file, whatever its name says.
  if (encoding === 'utf-8' && bytes.includes(0)) throw notText(fileName);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    // The decoder signals invalid input with a TypeError; anything else is not ours to explain.
    if (!(error instanceof TypeError)) throw error;
    // Guessed from its zero bytes and not UTF-16 after all: a binary file, as without the guess.
    if (sniffed) throw notText(fileName);
    throw new SpreadsheetError(
      'encoding',
      encoding === 'utf-8'
        ? `'${fileName}' is not UTF-8 text${whereNotUtf8(bytes)}. Save the CSV with the UTF-8 encoding (in Excel: "CSV UTF-8 (Comma delimited)") and upload it again.`
        : `'${fileName}' starts like UTF-16 text but is not valid UTF-16. Save the CSV as UTF-8 and upload it again.`,
    );
  }
  if (text.includes('\0') || (sniffed && hasControlCharacter(text.slice(0, SNIFF_BYTES))))
    throw notText(fileName);
  return text;
}

/**
 * Where a file stops being UTF-8: its first such line, shown. A file of 30,000 UTF-8 rows with one
 * pasted from elsewhere ('K\xf6ln') was refused with no clue where to look. A line feed is one
 * byte in UTF-8 and in no multi-byte sequence, so the file's lines are decoded one at a time.
 */
function whereNotUtf8(bytes: Uint8Array): string {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const bytesOfLine = bytes.subarray(start, end < 0 ? bytes.length : end);
    try {
      decoder.decode(bytesOfLine);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      const text = new TextDecoder('utf-8').decode(bytesOfLine).replace(/\r$/, '');
      const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
      return `: line ${line} ('${shown}') holds characters in another encoding, such as Windows-1252`;
    }
    if (end < 0) break;
    start = end + 1;
  }
  return '';
}

function notText(fileName: string): SpreadsheetError {
  return new SpreadsheetError(
    'unsupported_format',
    `'${fileName}' is a binary file, not CSV text. Upload a CSV (UTF-8) or an Excel workbook (.xlsx).`,
  );
}
