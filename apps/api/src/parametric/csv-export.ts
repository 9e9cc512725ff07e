import type { CellValue } from '@siteseer/core';

/**
 * A signed decimal number: `-5`, `-.5`, `+3`, `-5.`, `-1.5e3`. A spreadsheet reads it as that
 * number (a leading + is dropped), and it can reference nothing, so it needs no escaping.
 */
const SIGNED_NUMBER = /^[-+](\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A cell safe to open in a spreadsheet: text that a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab, CR or NUL) gets a leading apostrophe. A signed plain number stays as it is.
 */
export function neutraliseFormula(text: string): string {
  if (/^[=@\t\r\0]/.test(text) || (/^[-+]/.test(text) && !SIGNED_NUMBER.test(text))) return `'${text}`;
  return text;
}

function csvField(value: CellValue): string {
  if (value === null) return '';
  const text = neutraliseFormula(typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value));
  // `;` and tab are quoted too: a spreadsheet in a locale whose list separator is `;` (most of
  // Europe) splits an unquoted `a;=1+1` into two cells, the second a formula no escape saw.
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV (CRLF line ends, UTF-8 BOM so spreadsheets read accents right), formula-escaped. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CellValue[]>): string {
  const lines = [header.map((h) => csvField(h)).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
