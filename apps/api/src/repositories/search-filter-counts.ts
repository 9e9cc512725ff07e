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
  const counts = new Map<string, Count>();
  const add = (row: SearchEventRow, group: string, day: string, filterId: string, value: string | null) => {
    // Ids and days hold no newline; the filter id (the searcher's text) goes with its length, so
    // where it ends is known, then the value, marked when present (null and "" differ).
    const filter = `${group}\n${filterId.length}:${filterId}`;
    const key = value === null ? filter : `${filter}\u0001${value}`;
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
    const filters: unknown = row.selections !== undefined ? row.selections : JSON.parse(row.filters);
    if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) continue;
    const day = row.at.toISOString().slice(0, 10);
    const group = `${row.accountId}\n${row.clientId}\n${day}`;
    for (const filterId in filters) {
      const selection = (filters as Record<string, unknown>)[filterId];
      add(row, group, day, filterId, null);
      const selected = (selection as { values?: unknown } | null)?.values;
      if (!Array.isArray(selected)) continue;
      const values = new Set<string>();
      for (const value of selected)
        if (value !== null) values.add(typeof value === 'string' ? value : JSON.stringify(value));
      for (const value of values) add(row, group, day, filterId, value);
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

interface Count {
  row: SearchEventRow;
  day: string;
  filterId: string;
  value: string | null;
  searches: number;
  zero: number;
}
