import Papa from 'papaparse';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { TableBuilder, type TableLimits } from './table-builder.ts';

/** The delimiters a CSV may use, in papaparse's order of preference on a tie. */
const CSV_DELIMITERS: readonly string[] = [',', ';', '\t', '|'];

/** papaparse's code for "no delimiter detected": a one-column file, which is fine (the spec ignores it). */
const DELIMITER_NOT_DETECTED = 'UndetectableDelimiter';

/**
 * Excel's delimiter hint, a first line `sep=;` (Excel writes it, and honours it, where the list
 * separator is not a comma). Any one character but a quote or a line break, as Excel allows.
 */
const SEPARATOR_HINT = /^sep=([^"\r\n])[ \t]*(?:\r\n|\r|\n|$)/i;

/**
 * The delimiter a `sep=` first line names, and the text after that line. Excel does not show the
 * line, so the rows after it are numbered from 1, as Excel shows them.
 */
function readSeparatorHint(text: string): { delimiter: string; rest: string } | null {
  const match = SEPARATOR_HINT.exec(text);
  if (!match?.[1]) return null;
  return { delimiter: match[1], rest: text.slice(match[0].length) };
}

/**
 * Detects the delimiter on the first ten non-empty records. Done apart from the real parse because
 * papaparse's detection counts empty lines as one-field records: with empty lines kept (we keep
 * them to number rows as a spreadsheet does), a plain 'a,b\n1,2\n' goes undetected.
 */
export function detectDelimiter(text: string): string {
  const preview = Papa.parse<string[]>(text, {
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
    preview: 10,
  });
  if (!preview.errors.some((e) => e.code === DELIMITER_NOT_DETECTED)) return preview.meta.delimiter || ',';
  return delimiterOnEveryLine(text) ?? ',';
}

/**
 * papaparse guesses with `"` as quote whatever the file: the quotes of a tab-separated file that
 * are text (`"Weird Al" Yankovic` then `"quoted"` later) ran its records together, the file was
 * read as one comma column and refused for its quotes. Then the delimiter is the first that
 * appears the same number of times (at least once) on each of the first ten non-empty lines,
 * quotes not considered; none is a one-column file.
 */
function delimiterOnEveryLine(text: string): string | undefined {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 10);
  if (lines.length < 2) return undefined;
  return CSV_DELIMITERS.find((delimiter) => {
    const counts = new Set(lines.map((line) => line.split(delimiter).length - 1));
    const [count = 0] = counts;
    return counts.size === 1 && count > 0;
  });
}

/** A row whose quotes do not parse (papaparse's quote errors). */
class QuotingError extends SpreadsheetError {}

function quoteError(code: string, rowNumber: number): SpreadsheetError {
  const problem =
    code === 'MissingQuotes'
      ? 'has a quoted value that is never closed (a " with no matching closing ")'
      : code === 'InvalidQuotes'
        ? 'has a quoted value followed by more text before the delimiter (write a " inside a quoted value as "")'
        : `could not be read (${code})`;
  return new QuotingError('malformed', `Row ${rowNumber} ${problem}.`, { row: rowNumber });
}

/**
 * Reads CSV text (already decoded, byte order mark removed) into a table. A first line `sep=X`
 * sets the delimiter and is not a row; otherwise the delimiter is detected. Quoted values may hold
 * delimiters, doubled quotes and line breaks; a row is a CSV record, so a value with a line break
 * stays one row, as in a spreadsheet. Values are not typed here (no `dynamicTyping`): inference
 * looks at whole columns.
 *
 * A tab-separated file often has quotes that are text (`"Weird Al" Yankovic`, `5" screen`): tabs
 * rarely need quoting, and many tools write TSV without it. When its quotes do not parse as CSV
 * quoting, it is read again with quotes as text, and kept so if every row then fits the header (a
 * warning says so); otherwise the quoting error stands.
 */
export function readCsv(csvText: string, limits?: TableLimits): ParsedTable {
  const hint = readSeparatorHint(csvText);
  const text = hint?.rest ?? csvText;
  const delimiter = hint?.delimiter ?? detectDelimiter(text);
  try {
    return parse(text, delimiter, '"', limits);
  } catch (error) {
    if (!(error instanceof QuotingError) || delimiter !== '\t' || text.includes(NO_QUOTE)) throw error;
    let table: ParsedTable;
    try {
      table = parse(text, delimiter, NO_QUOTE, limits);
    } catch {
      throw error;
    }
    table.warnings.push(
      `Quotes are read as text: this tab-separated file's quotes do not follow CSV quoting (row ${error.row}).`,
    );
    return table;
  }
}

/** A quote character no decoded text holds: quotes read as text. */
const NO_QUOTE = '\u0000';

function parse(text: string, delimiter: string, quoteChar: string, limits?: TableLimits): ParsedTable {
  const builder = new TableBuilder('csv', limits);
  let rowNumber = 0;
  let failure: unknown;
  Papa.parse<string[]>(text, {
    delimiter,
    quoteChar,
    skipEmptyLines: false,
    step: (result, parser) => {
      rowNumber++;
      try {
        const error = result.errors.find((e) => e.code !== DELIMITER_NOT_DETECTED);
        if (error) throw quoteError(error.code, rowNumber);
        builder.add(result.data, rowNumber);
      } catch (caught) {
        // papaparse would swallow or mangle an exception from `step`: stop it and rethrow below.
        failure = caught;
        parser.abort();
      }
    },
  });
  if (failure !== undefined) throw failure;
  return builder.finish({ delimiter });
}
