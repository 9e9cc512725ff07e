import { parseNumber } from './cell-values.ts';

/**
 * Numbers written for people: with thousands separators or a decimal comma. A column is read as
 * numbers when every one of its values fits one convention:
 * - `us`: `,` groups thousands, `.` is the decimal point (`1,234`, `12,345.67`, `-0.5`);
 * - `european`: `.`, a space or a no-break space groups thousands, `,` is the decimal comma
 *   (`1.000,50`, `1 234`, `3,5`).
 * Plain numbers (`1234.5`) fit both as long as they do not contradict them, so a column of
 * spreadsheet numbers with a few typed-in `1,234` is still numbers. Groups are of exactly three
 * digits and the first has no leading zero (`01,234` stays text, like `08123`).
 *
 * Ambiguous values: `1,234` is 1234 (US) or 1.234 (European); `1.234` is 1.234 (plain) or 1234
 * (European). A column is tried as plain numbers first, then US, then European, and takes the
 * first convention that fits all its values. So a column of only `1,234`-like values (three digits
 * after every comma) is US thousands, 1234: a comma followed by exactly three digits is far more
 * often a thousands separator than a decimal comma with three decimals, and a European column
 * nearly always holds a value that settles it (`3,5`, `1.000,50`, `1 234,5`), which makes the
 * whole column European. A column of only `1.234`-like values stays plain decimals, 1.234.
 */
export type NumberConvention = 'us' | 'european' | 'swiss';

/** The order conventions are tried in, after plain numbers (see above). */
const CONVENTIONS: readonly NumberConvention[] = ['us', 'european', 'swiss'];
const FORM: Record<NumberConvention, RegExp> = {
  us: /^-?(?:[1-9]\d{0,2}(?:,\d{3})+|0|[1-9]\d*)?(?:\.\d+)?$/,
  european: /^-?(?:[1-9]\d{0,2}(?:[. \u00a0\u202f]\d{3})+|0|[1-9]\d*)?(?:,\d+)?$/,
  swiss: /^-?(?:[1-9]\d{0,2}(?:['\u2019]\d{3})+|0|[1-9]\d*)?(?:\.\d+)?$/,
};
const GROUP_SEPARATOR: Record<NumberConvention, RegExp> = {
  us: /,/g,
  european: /[. \u00a0\u202f]/g,
  swiss: /['\u2019]/g,
};
const DIGIT = /\d/;
/** Whole numbers in groups split by spaces, or digits alone. */
const SPACED_DIGITS = /^(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)$/;
const SPACE = /[ \u00a0\u202f]/;
/** The fewest digits of an identifier written in spaced groups (amounts below a million are common). */
const IDENTIFIER_MIN_DIGITS = 7;

/** The value in the plain form `parseNumber` reads, or null when it does not fit the convention. */
export function plainNumberText(text: string, convention: NumberConvention): string | null {
  if (!DIGIT.test(text) || !FORM[convention].test(text)) return null;
  const ungrouped = text.replace(GROUP_SEPARATOR[convention], '');
  const plain = convention === 'european' ? ungrouped.replace(',', '.') : ungrouped;
  // `-,5` and `.5` are read as `-.5` and `.5`; the plain form must still be a number.
  return parseNumber(plain) === null ? null : plain;
}

/**
 * Whether a column's values are identifiers written in spaced groups of digits, like phone numbers
 * (`612 345 678`), rather than amounts: whole numbers without sign, some of them spaced, all with
 * the same number of digits, at least seven. Amounts vary in size and nearly always include a
 * smaller one or a decimal part (`12 345`, `1 234,50`).
 */
function areSpacedIdentifiers(values: readonly string[]): boolean {
  const lengths = new Set(values.map((value) => value.replace(/\D/g, '').length));
  const [length = 0] = lengths;
  return (
    lengths.size === 1 &&
    length >= IDENTIFIER_MIN_DIGITS &&
    values.every((value) => SPACED_DIGITS.test(value)) &&
    values.some((value) => SPACE.test(value))
  );
}

/**
 * The convention a column's values are written in, when they are numbers but not all plain ones;
 * null when they are plain numbers, identifiers in spaced groups (phone numbers), or not numbers
 * (see the module comment for ambiguous values).
 */
export function columnNumberConvention(values: Iterable<string | null>): NumberConvention | null {
  let plain = true;
  const fits: Record<NumberConvention, boolean> = { us: true, european: true, swiss: true };
  const filled: string[] = [];
  for (const value of values) {
    if (value === null) continue;
    filled.push(value);
    if (plain && parseNumber(value) === null) plain = false;
    for (const convention of CONVENTIONS) {
      if (fits[convention] && plainNumberText(value, convention) === null) fits[convention] = false;
    }
    if (!CONVENTIONS.some((convention) => fits[convention])) return null;
  }
  if (filled.length === 0 || plain) return null;
  const convention = CONVENTIONS.find((candidate) => fits[candidate]) ?? null;
  return convention === 'european' && areSpacedIdentifiers(filled) ? null : convention;
}

/**
 * Whether a column of plain numbers is European thousands after all (`1.000`, `12.500`, `250`):
 * asked only of a table whose other columns are European and none US or Swiss. Alone, `1.234` is
 * read as plain 1.234 (see the module comment); but a writer who puts decimal commas in one column
 * does not put decimal points in the next, so there `1.000` is a thousand (was: 1, and `12.500`
 * 12.5, silently). Every value must fit the European form and one must hold a dot group; spaced
 * identifiers stay text as elsewhere.
 */
function areEuropeanThousands(values: readonly (string | null)[]): boolean {
  const filled = values.filter((value): value is string => value !== null);
  return (
    filled.some((value) => value.includes('.')) &&
    filled.every((value) => plainNumberText(value, 'european') !== null) &&
    !areSpacedIdentifiers(filled)
  );
}

const EXAMPLE: Record<NumberConvention, string> = { us: '1,234.5', european: '1.234,5', swiss: "1'234.5" };

/**
 * Rewrites, in place, each column of numbers written with thousands separators or decimal commas
 * into plain numbers (`1.000,50` → `1000.50`), so that inference, typing, sorting, range filters
 * and exports all see one number; the uploaded file keeps them as written. Returns a warning per
 * column rewritten.
 */
export function normaliseNumberColumns(headers: readonly string[], rows: (string | null)[][]): string[] {
  const warnings: string[] = [];
  const conventions = headers.map((_, c) => columnNumberConvention(rows.map((row) => row[c] ?? null)));
  const european =
    conventions.includes('european') && !conventions.includes('us') && !conventions.includes('swiss');
  for (let c = 0; c < headers.length; c++) {
    let convention = conventions[c] ?? null;
    if (convention === null && european && areEuropeanThousands(rows.map((row) => row[c] ?? null))) {
      convention = 'european';
    }
    if (convention === null) continue;
    for (const row of rows) {
      const text = row[c];
      if (text != null) row[c] = plainNumberText(text, convention);
    }
    warnings.push(
      `Column '${headers[c]}' holds numbers written like ${EXAMPLE[convention]}; they are read as plain numbers (1234.5).`,
    );
  }
  return warnings;
}
