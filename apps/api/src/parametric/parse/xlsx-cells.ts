import type { CellObject } from '@e965/xlsx';
import { SSF } from '@e965/xlsx';

/** The part of SheetJS's number-format module we use (it is typed `any` upstream). */
interface DateCode {
  y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
  /** Seconds into the day. */
  T: number;
}
const ssf = SSF as {
  is_date(format: string): boolean;
  parse_date_code(serial: number, options: { date1904: boolean }): DateCode | null;
};

/** Error codes of Excel's error values, for warnings. */
const ERROR_TEXT: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

function errorText(cell: CellObject): string {
  return typeof cell.v === 'number' ? (ERROR_TEXT[cell.v] ?? '#ERROR') : String(cell.v ?? '#ERROR');
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * An Excel date serial as ISO text: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS` when it has a time of day,
 * or `HH:MM:SS` for a bare time (serial below 1). Computed from the serial's calendar fields, not
 * through a JavaScript Date, so the server's time zone cannot shift a date by a day; no zone is
 * given because a spreadsheet date has none.
 */
export function serialToIso(serial: number, date1904: boolean): string | null {
  if (serial < 0) return negativeSerialToIso(serial, date1904);
  const code = ssf.parse_date_code(serial, { date1904 });
  if (!code) return null;
  const time = `${pad(code.H)}:${pad(code.M)}:${pad(code.S)}`;
  if (Math.floor(serial) === 0 && !date1904) return time;
  const date = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  return code.T === 0 ? date : `${date}T${time}`;
}

const DAY_MS = 86_400_000;
/** Day 0 of each date system, as LibreOffice and Google Sheets count before it. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * A date before the workbook's epoch. Excel cannot write one (it keeps 1815-12-10 as text), but
 * LibreOffice and Google Sheets do, as a negative serial counted back from 1899-12-30 (or
 * 1904-01-01): a table of historical dates showed `-30701` for 1815-12-10. (SheetJS's writer counts
 * back from 1899-12-31, a day apart; the applications people save workbooks from are followed.) Computed in UTC from
 * the serial alone, so no time zone shifts it; a year before 1 is no date.
 */
function negativeSerialToIso(serial: number, date1904: boolean): string | null {
  const days = Math.floor(serial);
  const seconds = Math.round((serial - days) * 86_400);
  const date = new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + days * DAY_MS + seconds * 1000);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(date.getTime()) || year < 1) return null;
  const day = `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (seconds === 0) return day;
  return `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function dateToIso(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

export type CellText =
  | { kind: 'text'; text: string | null; percent?: true }
  | { kind: 'error'; text: string };

/**
 * Whether a number format shows percentages (`0%`, `#,##0.00%`): a `%` outside quoted text and
 * not escaped.
 */
function isPercentFormat(format: string): boolean {
  return format.replace(/"[^"]*"|\\./g, '').includes('%');
}

/**
 * A percentage as its number of percent, as the sheet shows it: 0.15 formatted `0%` is 15 (was:
 * 0.15, a Discount column read 0-1 where the sheet showed 0%-100%). Rounded to 15 significant
 * digits so 0.07 is 7, not 7.000000000000001.
 */
function percentText(value: number): string {
  return String(Number((value * 100).toPrecision(15)));
}

/**
 * A worksheet cell as text: formulas give their cached value (SheetJS reads it into `v`); numbers
 * give their full value as plain numeric text (not as displayed: '$1,234.50' is 1234.5), so the
 * inference still sees a number; percentages their number of percent (15% is 15); date-formatted
 * numbers give ISO dates; booleans 'true'/'false';
 * error values (#DIV/0!...) are reported so the caller can warn, and read as empty.
 */
export function cellText(cell: CellObject | undefined, date1904: boolean): CellText {
  if (!cell) return { kind: 'text', text: null };
  switch (cell.t) {
    case 's':
      return { kind: 'text', text: typeof cell.v === 'string' ? cell.v : String(cell.v ?? '') };
    case 'n': {
      const value = Number(cell.v);
      if (typeof cell.z === 'string' && ssf.is_date(cell.z)) {
        return { kind: 'text', text: serialToIso(value, date1904) ?? String(value) };
      }
      if (typeof cell.z === 'string' && isPercentFormat(cell.z)) {
        return { kind: 'text', text: percentText(value), percent: true };
      }
      return { kind: 'text', text: String(value) };
    }
    case 'b':
      return { kind: 'text', text: cell.v ? 'true' : 'false' };
    case 'd':
      // Only for cells stored as ISO dates (t="d"), which few writers produce.
      return { kind: 'text', text: cell.v instanceof Date ? dateToIso(cell.v) : String(cell.v ?? '') };
    case 'e':
      return { kind: 'error', text: errorText(cell) };
    default:
      return { kind: 'text', text: null };
  }
}
