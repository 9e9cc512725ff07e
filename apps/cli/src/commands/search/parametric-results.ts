import type { CellValue, SearchColumn, SearchConfig, SearchResult } from '@siteseer/core';
import { terminalText, truncate } from './terminal-text.ts';

/** The longest cell shown in the terminal table (the JSON keeps every character). */
export const CELL_MAX = 60;

/** What `search --json` (or piped output) prints for a parametric engine. */
export interface ParametricJson {
  total: number;
  page: number;
  /** The results columns in order: the keys of each row are their `key`s. */
  columns: { key: string; id: string; label: string; type: SearchColumn['type'] }[];
  rows: Record<string, CellValue>[];
}

/**
 * Each column's key in the printed rows: its label, which is what people see and script with
 * (ids are positional, `c0`, `c1`...). Labels need not be unique, so a label used by an earlier
 * column gets the column id added: `Price (c7)`.
 */
export function columnKeys(columns: readonly SearchColumn[]): string[] {
  const used = new Set<string>();
  return columns.map((column) => {
    const key = used.has(column.label) ? `${column.label} (${column.id})` : column.label;
    used.add(key);
    return key;
  });
}

/** The rows of the configured columns, keyed by column label, in column order. */
export function parametricJson(config: SearchConfig, result: SearchResult): ParametricJson {
  const keys = columnKeys(config.columns);
  return {
    total: result.total,
    page: result.page,
    columns: config.columns.map((column, i) => ({
      key: keys[i] ?? column.label,
      id: column.id,
      label: column.label,
      type: column.type,
    })),
    rows: result.rows.map((row) =>
      Object.fromEntries(
        config.columns.map((column, i) => [keys[i] ?? column.label, row[column.id] ?? null]),
      ),
    ),
  };
}

function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return truncate(terminalText(String(value)), CELL_MAX);
}

/** The terminal table: the column labels, and each row's cells as one line of text each. */
export function parametricTable(
  config: SearchConfig,
  result: SearchResult,
): { head: string[]; rows: string[][] } {
  return {
    head: config.columns.map((column) => terminalText(column.label)),
    rows: result.rows.map((row) => config.columns.map((column) => cellText(row[column.id]))),
  };
}
