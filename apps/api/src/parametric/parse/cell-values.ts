/**
 * How a text cell is read as a typed value. The forms are deliberately plain, so inference never
 * guesses: numbers as `-12`, `12.5`, `.5`, `1e3`, `-1.5E-3` (no thousands separators, no decimal
 * commas, no currency, no leading '+'); a number with a leading zero (`007`, `08123`) is text,
 * because zip codes and part numbers lose their meaning as numbers. Columns of numbers written with
 * thousands separators or decimal commas are rewritten to this form when the table is built
 * (`number-formats.ts`), a whole column at a time, as the convention is a column's.
 */

const INTEGER = /^-?(?:0|[1-9]\d*)$/;
const NUMBER = /^-?(?:(?:0|[1-9]\d*)(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const BOOLEAN = /^(?:true|false|yes|no)$/i;
const TRUE = /^(?:true|yes)$/i;
const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|svg|avif)$/i;
const HTTP_PREFIX = /^https?:\/\//i;
const WHITESPACE = /\s/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;

/** A whole number written as digits, within JavaScript's safe integer range. */
export function parseInteger(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** A finite number in one of the plain forms above. */
export function parseNumber(text: string): number | null {
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * A number as `parseNumber` reads it, only when it holds the text exactly (`isExactNumber`): what
 * inference asks before typing a column as numbers. Typing itself keeps `parseNumber`, so a column
 * the user typed as numbers, and engines published so before, still read (rounded).
 */
export function parseExactNumber(text: string): number | null {
  const value = parseNumber(text);
  return value !== null && isExactNumber(text, value) ? value : null;
}

/** Any decimal of this many significant digits survives a double and back. */
const EXACT_DIGITS = 15;

/** The significant digits of a number's text: no sign, point or exponent, no leading or trailing zeros. */
function significantDigits(text: string): string {
  const mantissa = text.replace(/^-/, '').replace(/[eE].*$/, '');
  return mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
}

/**
 * Whether `text` is the number `value` holds, not one rounded to fit: a 19-digit order id
 * (1234567890123456789) became 1234567890123456800, shown and searched as that. Up to 15
 * significant digits always fit; longer, only the shortest text of a double (as a workbook's
 * numbers are written: 0.30000000000000004). Inference leaves such a column as text.
 */
function isExactNumber(text: string, value: number): boolean {
  const digits = significantDigits(text);
  return digits.length <= EXACT_DIGITS || digits === significantDigits(value.toExponential());
}

/** true/false/yes/no, any case. Not 1/0, which are numbers, nor y/n, which are too often initials. */
export function parseBoolean(text: string): boolean | null {
  if (!BOOLEAN.test(text)) return null;
  return TRUE.test(text);
}

/**
 * An absolute http(s) URL with a host and no whitespace. Anything else (relative paths, `javascript:`,
 * `data:`) is not a link: the widget renders these as `href`/`src`.
 */
export function parseHttpUrl(text: string): URL | null {
  if (!HTTP_PREFIX.test(text) || WHITESPACE.test(text)) return null;
  const url = URL.parse(text);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url;
}

/** Whether a URL's path ends in an image extension (its query string and fragment do not count). */
export function hasImagePath(url: URL): boolean {
  return IMAGE_PATH.test(url.pathname);
}

/**
 * A date written in ISO form, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.sss]]` (what the spreadsheet
 * reader makes of a workbook's date cells), as milliseconds since 1970-01-01 UTC: the time is read
 * as UTC because a spreadsheet date has no zone, so no server's zone shifts it. Null for other text
 * and for dates that do not exist (2023-02-29). Day-first and month-first forms (03/04/2024) are
 * not read: which one a file means cannot be told from the text.
 */
export function parseIsoDate(text: string): number | null {
  const parts = ISO_DATE.exec(text);
  if (!parts) return null;
  const [, year, month, day, hours = '00', minutes = '00', seconds = '00'] = parts;
  const ms = Date.parse(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}${text.slice(19)}Z`);
  if (Number.isNaN(ms)) return null;
  // Date.parse rolls 2023-02-29 over to March 1st; a date that exists reads back the same.
  return new Date(ms).toISOString().slice(0, 10) === `${year}-${month}-${day}` ? ms : null;
}
