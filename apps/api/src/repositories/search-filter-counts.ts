import type { SearchEventRow } from './search-events.ts';

/**
 * The parameters $14-$20 of the search batch statement (search-events.ts): a batch's filter use
 * counted per client, UTC day and filter (value null), and per list value selected (each search
 * counted once per value), as the rollups analytics_day_filters and analytics_day_filter_values
 * add them. Counted here rather than in SQL: taking every row's selection apart as JSON in the
 * statement cost PGlite, which runs it beside the searches, ~6 µs a search.
 *
 * The stored JSON's rules: a selection object's keys are the filters used; `values`, when an
 * array, the values selected (strings as they are, others as JSON, nulls skipped).
 */
export function filterCounts(
  rows: readonly SearchEventRow[],
): [string[], string[], string[], string[], (string | null)[], number[], number[]] {
  const counts = new Map<
    string,
    {
      row: SearchEventRow;
      day: string;
      filterId: string;
      value: string | null;
      searches: number;
      zero: number;
    }
  >();
  const add = (row: SearchEventRow, day: string, filterId: string, value: string | null) => {
    const key = JSON.stringify([row.accountId, row.clientId, day, filterId, value]);
    let count = counts.get(key);
    if (!count) {
      count = { row, day, filterId, value, searches: 0, zero: 0 };
      counts.set(key, count);
    }
    count.searches++;
    if (row.resultCount === 0) count.zero++;
  };
  for (const row of rows) {
    if (row.filters === null) continue;
    const filters: unknown = JSON.parse(row.filters);
    if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) continue;
    const day = row.at.toISOString().slice(0, 10);
    for (const [filterId, selection] of Object.entries(filters)) {
      add(row, day, filterId, null);
      const selected = (selection as { values?: unknown } | null)?.values;
      if (!Array.isArray(selected)) continue;
      const values = new Set<string>();
      for (const value of selected)
        if (value !== null) values.add(typeof value === 'string' ? value : JSON.stringify(value));
      for (const value of values) add(row, day, filterId, value);
    }
  }
  const all = [...counts.values()];
  return [
    all.map((c) => c.row.accountId),
    all.map((c) => c.row.clientId),
    all.map((c) => c.day),
    all.map((c) => c.filterId),
    all.map((c) => c.value),
    all.map((c) => c.searches),
    all.map((c) => c.zero),
  ];
}
