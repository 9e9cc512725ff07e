import { describe, expect, it } from 'vitest';
import { type ColumnType, ParametricConfiguration } from '../domain/parametric.ts';
import { encodeLabel } from './column-label.ts';
import { fileChanges, retypedText } from './file-changes.ts';

/** A configuration whose columns are the given headers and types, at positions 0, 1, ... */
function configuration(
  columns: [string, ColumnType][],
  settings: Partial<ParametricConfiguration['settings']> = {},
): ParametricConfiguration {
  return ParametricConfiguration.parse({
    columns: Object.fromEntries(
      columns.map(([label, type], position) => [
        String(position),
        { id: String(position), label: encodeLabel(label), position, type },
      ]),
    ),
    settings,
  });
}

describe('fileChanges', () => {
  it('Given the same headers, types and settings, then only the rows change', () => {
    const published = configuration(
      [
        ['Part', 'keyword'],
        ['Price', 'half_float'],
      ],
      { showSearchBar: true },
    );
    const changes = fileChanges(published, published, { before: 3, after: 500 });
    expect(changes).toEqual({
      added: [],
      removed: [],
      retyped: [],
      rows: { before: 3, after: 500 },
      settings: [],
      sameShape: true,
    });
  });

  it('Given columns added, removed and retyped, then each is named by its header, in file order', () => {
    const published = configuration([
      ['Part', 'keyword'],
      ['Price', 'integer'],
      ['In stock', 'boolean'],
    ]);
    const next = configuration([
      ['Part', 'keyword'],
      ['Price', 'half_float'],
      ['Launched', 'date'],
      ['Weight (g)', 'integer'],
    ]);
    const changes = fileChanges(published, next, { before: 3, after: 4 });
    expect(changes.added).toEqual(['Launched', 'Weight (g)']);
    expect(changes.removed).toEqual(['In stock']);
    expect(changes.retyped).toEqual([{ label: 'Price', from: 'integer', to: 'half_float' }]);
    expect(changes.retyped.map(retypedText)).toEqual(['Price: Integer → Decimal']);
    expect(changes.sameShape).toBe(false);
  });

  it('Given the columns in another order, then nothing is added or removed: ids are positions, headers name columns', () => {
    const published = configuration([
      ['Part', 'keyword'],
      ['Price', 'half_float'],
    ]);
    const next = configuration([
      ['Price', 'half_float'],
      ['Part', 'keyword'],
    ]);
    expect(fileChanges(published, next, { before: 1, after: 1 }).sameShape).toBe(true);
  });

  it('Given settings the new configuration changes, then they are listed with both values', () => {
    const published = configuration([['Part', 'keyword']], { showSearchBar: true, allowDownload: true });
    const next = configuration([['Part', 'keyword']], { showSearchBar: false, allowDownload: true });
    expect(fileChanges(published, next, { before: undefined, after: 2 }).settings).toEqual([
      { name: 'showSearchBar', before: true, after: false },
    ]);
  });
});

describe('fileChanges: a header twice', () => {
  it('Given a header present twice, then its first column decides its type', () => {
    const published = configuration([['Part', 'keyword']]);
    const next = configuration([
      ['Part', 'keyword'],
      ['Part', 'integer'],
    ]);
    expect(fileChanges(published, next, { before: 1, after: 1 }).retyped).toEqual([]);
  });
});
