import { SpreadsheetError } from './spreadsheet-error.ts';

/**
 * Header names refused outright: code that keys a plain object by header (exports, the widget,
 * a client's own scripts) would hit the prototype chain. Compared exactly, as JavaScript keys are:
 * 'Constructor' is a fine header (a Formula 1 table has one).
 */
const RESERVED_HEADERS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Refuses a header row holding a reserved name, naming it. */
export function assertNoReservedHeaders(cells: readonly (string | null)[], headerRow: number): void {
  for (const cell of cells) {
    const header = (cell ?? '').trim();
    if (RESERVED_HEADERS.includes(header)) {
      throw new SpreadsheetError(
        'reserved_column',
        `The column header '${header}' (row ${headerRow}) is a reserved name. Rename that column and upload the file again.`,
        { row: headerRow, column: header },
      );
    }
  }
}

export interface HeaderCell {
  text: string | null;
  /** 1-based column number in the file, used to name a column without a header. */
  position: number;
}

export interface NamedHeaders {
  headers: string[];
  warnings: string[];
}

/**
 * Names the columns from the header row. Headers are trimmed. An empty header becomes
 * `Column N` (N = its 1-based column number in the file). A repeated header keeps its first
 * occurrence and later ones become `Name (2)`, `Name (3)`..., skipping any name already in the file,
 * so every header is unique (exact, case-sensitive comparison) and the same file gets the same names.
 */
export function nameHeaders(cells: readonly HeaderCell[]): NamedHeaders {
  const warnings: string[] = [];
  const trimmed = cells.map((cell) => (cell.text ?? '').trim());
  const named = cells.map((cell, i) => trimmed[i] || `Column ${cell.position}`);
  const taken = new Set(named);
  const seen = new Set<string>();
  const headers = named.map((name, i) => {
    const position = cells[i]?.position;
    if (trimmed[i] === '') warnings.push(`Column ${position} has no header; it is named '${name}'.`);
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 2;
    while (taken.has(`${name} (${n})`)) n++;
    const unique = `${name} (${n})`;
    taken.add(unique);
    seen.add(unique);
    warnings.push(`Column ${position} repeats the header '${name}'; it is named '${unique}'.`);
    return unique;
  });
  return { headers, warnings };
}
