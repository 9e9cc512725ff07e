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
 * error fails with the distinct error messages joined by '; ' (papaparse repeats one message per bad
 * row, and the user needs each kind of problem once).
 */
export function readCsvRows(output: CsvParseOutput): RuleResult<string[][]> {
  const [only, ...others] = output.errors;
  const ignorable = only?.code === DELIMITER_NOT_DETECTED && others.length === 0;
  if (output.errors.length > 0 && !ignorable) {
    return fail([...new Set(output.errors.map((error) => error.message))].join('; '));
  }
  return ok(output.data.filter((row) => !isEmptyRow(row)).map((row) => [...row]));
}
