import type { ResultRankingEntry } from '../domain/keyword.ts';
import type { CsvParseOutput } from './csv-rows.ts';
import { readCsvRows } from './csv-rows.ts';
import type { FileLike } from './file-type.ts';
import type { RuleResult } from './rule-result.ts';
import { ok } from './rule-result.ts';
import { validateCsvFile } from './url-filters-csv.ts';

/**
 * Result ranking entries from CSV rows (no header row): every row with more than one cell is a query
 * followed by its result URLs. Cells are trimmed; empty URLs are dropped; a row left without a query
 * or without URLs is dropped. Rows repeating a query (case-insensitively) are merged into the first,
 * URLs in order without duplicates, so one query never has two competing pinned lists.
 */
export function resultRankingFromRows(rows: readonly (readonly string[])[]): ResultRankingEntry[] {
  const entries = new Map<string, ResultRankingEntry>();
  for (const row of rows) {
    if (row.length <= 1) continue;
    const query = (row[0] ?? '').trim();
    const results = row
      .slice(1)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '');
    if (query === '' || results.length === 0) continue;
    const key = query.toLowerCase();
    const entry = entries.get(key);
    if (entry) entry.results = [...new Set([...entry.results, ...results])];
    else entries.set(key, { query, results: [...new Set(results)] });
  }
  return [...entries.values()];
}

/** Rows of current-result-ranking.csv: the query, then its URLs. */
export function resultRankingToRows(entries: readonly ResultRankingEntry[]): string[][] {
  return entries.map((entry) => [entry.query, ...entry.results]);
}

/** The result ranking file flow: CSV only ('File must be CSV.'), then parse errors, then the entries. */
export function readResultRankingFile(
  file: Pick<FileLike, 'name'>,
  parsed: CsvParseOutput,
): RuleResult<ResultRankingEntry[]> {
  const typeError = validateCsvFile(file);
  if (typeError) return { ok: false, error: typeError };
  const rows = readCsvRows(parsed);
  return rows.ok ? ok(resultRankingFromRows(rows.value)) : rows;
}
