import { COLUMN_TYPE_LABELS } from '../constants.ts';
import type { ApplicationSettings, ColumnType, ParametricConfiguration } from '../domain/parametric.ts';
import { decodeLabel } from './column-label.ts';

/** A column whose header stays but whose type the new file changes. */
export interface RetypedColumn {
  label: string;
  from: ColumnType;
  to: ColumnType;
}

/**
 * What publishing a new file of an engine changes, for the owner to read before publishing:
 * columns by their header (column ids are positions, so the same id is not the same column),
 * rows, and the application settings.
 */
export interface FileChanges {
  /** Headers of the new file the published one lacks, in the new file's order. */
  added: string[];
  /** Headers of the published file the new one lacks, in the published order. */
  removed: string[];
  retyped: RetypedColumn[];
  /** Data rows before and after; undefined when a side is not known. */
  rows: { before: number | undefined; after: number | undefined };
  /** Settings whose value the new configuration changes. */
  settings: { name: keyof ApplicationSettings; before: unknown; after: unknown }[];
  /** Nothing above differs: the file brings new rows under the same columns and settings. */
  sameShape: boolean;
}

/** The columns of a configuration by decoded header, in position order. */
function columnsByHeader(configuration: ParametricConfiguration): Map<string, ColumnType> {
  const columns = Object.values(configuration.columns).sort((a, b) => a.position - b.position);
  const byHeader = new Map<string, ColumnType>();
  for (const column of columns) {
    const header = decodeLabel(column.label);
    if (!byHeader.has(header)) byHeader.set(header, column.type);
  }
  return byHeader;
}

/**
 * Compares the published configuration with the one a new file would be published with. A header
 * present twice counts once (the first, as the results table shows it first).
 */
export function fileChanges(
  published: ParametricConfiguration,
  next: ParametricConfiguration,
  rows: { before: number | undefined; after: number | undefined },
): FileChanges {
  const before = columnsByHeader(published);
  const after = columnsByHeader(next);
  const added = [...after.keys()].filter((label) => !before.has(label));
  const removed = [...before.keys()].filter((label) => !after.has(label));
  const retyped: RetypedColumn[] = [];
  for (const [label, to] of after) {
    const from = before.get(label);
    if (from !== undefined && from !== to) retyped.push({ label, from, to });
  }
  const settings = (Object.keys(next.settings) as (keyof ApplicationSettings)[])
    .filter((name) => published.settings[name] !== next.settings[name])
    .map((name) => ({ name, before: published.settings[name], after: next.settings[name] }));
  return {
    added,
    removed,
    retyped,
    rows,
    settings,
    sameShape: added.length === 0 && removed.length === 0 && retyped.length === 0 && settings.length === 0,
  };
}

/** A retyped column in words: "Price: Text → Decimal". */
export function retypedText(column: RetypedColumn): string {
  return `${column.label}: ${COLUMN_TYPE_LABELS[column.from]} → ${COLUMN_TYPE_LABELS[column.to]}`;
}
