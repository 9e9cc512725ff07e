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

export function errorText(cell: CellObject): string {
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
  const code = ssf.parse_date_code(serial, { date1904 });
  if (!code) return null;
  const time = `${pad(code.H)}:${pad(code.M)}:${pad(code.S)}`;
  if (Math.floor(serial) === 0 && !date1904) return time;
  const date = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  return code.T === 0 ? date : `${date}T${time}`;
}

function dateToIso(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

export type CellText = { kind: 'text'; text: string | null } | { kind: 'error'; text: string };

/**
 * A worksheet cell as text: formulas give their cached value (SheetJS reads it into `v`); numbers
 * give their full value as plain numeric text (not as displayed: '$1,234.50' is 1234.5), so the
 * inference still sees a number; date-formatted numbers give ISO dates; booleans 'true'/'false';
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
