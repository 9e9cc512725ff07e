import type { CsvParseOutput } from './csv-rows.ts';
import { readCsvRows } from './csv-rows.ts';
import type { FileLike } from './file-type.ts';
import { hasExtension } from './file-type.ts';
import { MESSAGES } from './messages.ts';
import type { RuleResult } from './rule-result.ts';
import { ok } from './rule-result.ts';

function cells(values: readonly (string | undefined)[]): string[] {
  return values.map((value) => (value ?? '').trim()).filter((value) => value !== '');
}

/** 'File must be CSV.' unless the file name ends in .csv (any case). */
export function validateCsvFile(file: Pick<FileLike, 'name'>): string | undefined {
  return hasExtension(file.name, ['csv']) ? undefined : MESSAGES.fileMustBeCsv;
}

/**
 * URL filters from CSV rows: one row gives that row as a list; several rows give the first column of
 * each row. Cells are trimmed and empty ones dropped (a trailing comma is not a filter).
 */
export function urlFiltersFromRows(rows: readonly (readonly string[])[]): string[] {
  const [first, ...rest] = rows;
  if (!first) return [];
  return rest.length === 0 ? cells(first) : cells(rows.map((row) => row[0]));
}

/** Rows of current-url-filters.csv: one filter per row, which reads back to the same list. */
export function urlFiltersToRows(filters: readonly string[]): string[][] {
  return filters.map((filter) => [filter]);
}

/** The URL filter file flow: CSV only, then parse errors, then the filters. */
export function readUrlFilterFile(
  file: Pick<FileLike, 'name'>,
  parsed: CsvParseOutput,
): RuleResult<string[]> {
  const typeError = validateCsvFile(file);
  if (typeError) return { ok: false, error: typeError };
  const rows = readCsvRows(parsed);
  return rows.ok ? ok(urlFiltersFromRows(rows.value)) : rows;
}
