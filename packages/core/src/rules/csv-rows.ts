import type { RuleResult } from './rule-result.ts';
import { fail, ok } from './rule-result.ts';

/** One parse error as papaparse reports it (only the fields the rules read). */
export interface CsvParseError {
  type: string;
  code: string;
  message: string;
  row?: number;
}

/** What papaparse returns for a CSV parsed without a header row (the minimal shape the rules read). */
export interface CsvParseOutput {
  data: readonly (readonly string[])[];
  errors: readonly CsvParseError[];
}

/** papaparse reports a one-column file as UndetectableDelimiter, yet such a file is fine. */
const DELIMITER_NOT_DETECTED = 'UndetectableDelimiter';

/** Whether a row has no content: no cells, or only empty or whitespace cells. */
export function isEmptyRow(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '');
}

/**
 * Reads parsed CSV: empty lines are skipped and a sole delimiter-detection error is ignored. Any other
 * error fails with the distinct error messages joined by '; ', each with the row it was first met
 * on (papaparse repeats one message per bad row; the user needs each kind of problem once, and
 * where to look).
 */
export function readCsvRows(output: CsvParseOutput): RuleResult<string[][]> {
  const [only, ...others] = output.errors;
  const ignorable = only?.code === DELIMITER_NOT_DETECTED && others.length === 0;
  if (output.errors.length > 0 && !ignorable) {
    const first = new Map<string, number | undefined>();
    for (const error of output.errors) if (!first.has(error.message)) first.set(error.message, error.row);
    // papaparse numbers rows from 0; people count them from 1.
    const located = [...first].map(([message, row]) =>
      row === undefined ? message : `${message} (row ${row + 1})`,
    );
    return fail(located.join('; '));
  }
  return ok(output.data.filter((row) => !isEmptyRow(row)).map((row) => [...row]));
}
