import type { ResultRankingEntry } from '../domain/keyword.ts';
import type { CsvParseOutput } from './csv-rows.ts';
import { readCsvRows } from './csv-rows.ts';
import type { FileLike } from './file-type.ts';
import type { RuleResult } from './rule-result.ts';
import { ok } from './rule-result.ts';
import { validateCsvFile } from './url-filters-csv.ts';

/** What starts the hidden column's cell: `hidden: URL URL …` (the URLs apart by spaces or lines). */
export const HIDDEN_CELL_PREFIX = 'hidden:';

function isHiddenCell(cell: string): boolean {
  return cell.toLowerCase().startsWith(HIDDEN_CELL_PREFIX);
}

function hiddenUrlsOf(cell: string): string[] {
  return cell
    .slice(HIDDEN_CELL_PREFIX.length)
    .split(/\s+/)
    .filter((url) => url !== '');
}

/**
 * Result ranking entries from CSV rows (no header row): every row with more than one cell is a query
 * followed by its result URLs. Cells are trimmed; empty URLs are dropped; a row left without a query
 * or without URLs is dropped. Rows repeating a query (case-insensitively) are merged into the first,
 * URLs in order without duplicates, so one query never has two competing pinned lists.
 *
 * Hidden URLs travel in an extra column that older files lack: a cell starting with `hidden:`
 * (written last) holds the URLs never shown for the query, apart by spaces. A URL both pinned and
 * hidden is hidden: the row asked for it never to show.
 */
export function resultRankingFromRows(rows: readonly (readonly string[])[]): ResultRankingEntry[] {
  const entries = new Map<string, { query: string; results: string[]; hidden: string[] }>();
  for (const row of rows) {
    if (row.length <= 1) continue;
    const query = (row[0] ?? '').trim();
    const cells = row
      .slice(1)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '');
    const hidden = cells.filter(isHiddenCell).flatMap(hiddenUrlsOf);
    const results = cells.filter((cell) => !isHiddenCell(cell));
    if (query === '' || results.length + hidden.length === 0) continue;
    const key = query.toLowerCase();
    const entry = entries.get(key) ?? { query, results: [], hidden: [] };
    entry.hidden = [...new Set([...entry.hidden, ...hidden])];
    entry.results = [...new Set([...entry.results, ...results])].filter((url) => !entry.hidden.includes(url));
    entries.set(key, entry);
  }
  return [...entries.values()].map(({ query, results, hidden }) =>
    hidden.length > 0 ? { query, results, hidden } : { query, results },
  );
}

/**
 * Rows of current-result-ranking.csv: the query, then its URLs. When an entry hides URLs, every row
 * ends with the hidden column (`hidden: URL URL`, empty for an entry that hides nothing), the pinned
 * URLs padded so that it is one column of the sheet; otherwise the rows are the spec's format alone.
 */
export function resultRankingToRows(entries: readonly ResultRankingEntry[]): string[][] {
  if (!entries.some((entry) => (entry.hidden ?? []).length > 0))
    return entries.map((entry) => [entry.query, ...entry.results]);
  const width = Math.max(...entries.map((entry) => entry.results.length));
  return entries.map((entry) => {
    const hidden = entry.hidden ?? [];
    return [
      entry.query,
      ...entry.results,
      ...Array<string>(width - entry.results.length).fill(''),
      hidden.length > 0 ? `${HIDDEN_CELL_PREFIX} ${hidden.join(' ')}` : '',
    ];
  });
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
