import { describe, expect, it } from 'vitest';
import type { Column, ColumnType, Filter, ParametricConfiguration } from '../domain/parametric.ts';
import {
  activeColumns,
  activeFilters,
  canColumnFilter,
  canRangeFilter,
  canTypeFilter,
  canTypeSort,
  isConfigurationValid,
  normaliseParametricConfiguration,
  validateParametricConfiguration,
} from './column-settings.ts';
import { MESSAGES } from './messages.ts';

function column(id: string, patch: Partial<Column> = {}): Column {
  return {
    id,
    label: id,
    position: 0,
    type: 'keyword',
    settings: {},
    enabled: true,
    supports: { filtering: true, sorting: true },
    ...patch,
  };
}

function filter(id: string, patch: Partial<Filter> = {}): Filter {
  return { id, label: id, position: 0, type: 'default', supports: { rangeFilter: false }, ...patch };
}

function config(columns: Column[], filters: Filter[] = []): ParametricConfiguration {
  return {
    columns: Object.fromEntries(columns.map((c) => [c.id, c])),
    filters: Object.fromEntries(filters.map((f) => [f.id, f])),
    settings: {
      filterFormat: 'list',
      allowDownload: false,
      allowEmptyFilterValues: false,
      autoApplyFilters: true,
      showSearchBar: false,
    },
  };
}

describe('column capabilities', () => {
  it.each([
    ['keyword', true, true],
    ['integer', true, true],
    ['half_float', true, true],
    ['boolean', true, true],
    ['image', false, false],
    ['hyperlink', false, true],
  ] as [ColumnType, boolean, boolean][])(
    'Given a %s column, when asked, then filter=%s sort=%s',
    (type, f, s) => {
      expect(canTypeFilter(type)).toBe(f);
      expect(canTypeSort(type)).toBe(s);
    },
  );

  it.each([
    [{ enabled: true, type: 'keyword' }, true],
    [{ enabled: false, type: 'keyword' }, false],
    [{ enabled: true, type: 'hyperlink' }, false],
  ] as const)('Given %j, when asked whether it can filter, then %s', (c, expected) => {
    expect(canColumnFilter(c)).toBe(expected);
  });

  it.each([
    ['integer', true, true],
    ['half_float', true, true],
    ['integer', false, false],
    ['keyword', true, false],
    ['boolean', true, false],
  ] as [ColumnType, boolean, boolean][])(
    'Given a %s column with filtering %s, when asked about a range filter, then %s',
    (type, filtering, expected) => {
      expect(canRangeFilter({ type, supports: { filtering, sorting: true } })).toBe(expected);
    },
  );
});

describe('normalising a parametric configuration', () => {
  it('Given a disabled column with filtering on, when normalised, then filtering is switched off', () => {
    const result = normaliseParametricConfiguration(config([column('a', { enabled: false })], [filter('a')]));
    expect(result.columns.a?.supports.filtering).toBe(false);
  });

  it.each(['image', 'hyperlink'] as const)(
    'Given a %s column with filtering on, when normalised, then it cannot filter',
    (type) => {
      const result = normaliseParametricConfiguration(config([column('a', { type })]));
      expect(result.columns.a?.supports.filtering).toBe(false);
    },
  );

  it.each([
    ['image', false],
    ['hyperlink', true],
    ['keyword', true],
  ] as const)('Given a sortable %s column, when normalised, then sorting is %s', (type, sorting) => {
    const result = normaliseParametricConfiguration(config([column('a', { type })]));
    expect(result.columns.a?.supports.sorting).toBe(sorting);
  });

  it.each([
    ['integer', true, true],
    ['half_float', true, true],
    ['keyword', true, false],
    ['boolean', true, false],
    ['integer', false, false],
  ] as const)(
    'Given a %s column with filtering %s and a range filter, when normalised, then rangeFilter is %s',
    (type, filtering, rangeFilter) => {
      const input = config(
        [column('a', { type, supports: { filtering, sorting: true } })],
        [filter('a', { supports: { rangeFilter: true } })],
      );
      expect(normaliseParametricConfiguration(input).filters.a?.supports.rangeFilter).toBe(rangeFilter);
    },
  );

  it('Given a numeric column that gets disabled, when normalised, then filtering and range filter are off', () => {
    const input = config(
      [column('p', { type: 'half_float', enabled: false })],
      [filter('p', { supports: { rangeFilter: true } })],
    );
    const result = normaliseParametricConfiguration(input);
    expect(result.columns.p?.supports.filtering).toBe(false);
    expect(result.filters.p?.supports.rangeFilter).toBe(false);
    expect(result.filters.p?.label).toBe('p');
  });

  it('Given raw and already encoded labels, when normalised, then both are stored encoded once', () => {
    const input = config([column('a', { label: 'Part Number' })], [filter('a', { label: 'Part%20Number' })]);
    const result = normaliseParametricConfiguration(input);
    expect(result.columns.a?.label).toBe('Part%20Number');
    expect(result.filters.a?.label).toBe('Part%20Number');
    expect(normaliseParametricConfiguration(result)).toEqual(result);
  });

  it('Given a filter whose column is gone, when normalised, then the filter is dropped', () => {
    const result = normaliseParametricConfiguration(config([column('a')], [filter('a'), filter('gone')]));
    expect(Object.keys(result.filters)).toEqual(['a']);
  });

  it('Given a filterable column without a filter, when normalised, then a default filter is added last', () => {
    const input = config(
      [column('a', { position: 0 }), column('b', { position: 1, label: 'Big B' })],
      [filter('a', { position: 4 })],
    );
    expect(normaliseParametricConfiguration(input).filters.b).toEqual({
      id: 'b',
      label: 'Big%20B',
      position: 5,
      type: 'default',
      supports: { rangeFilter: false },
    });
  });

  it('Given settings, when normalised, then they are left untouched', () => {
    const input = config([column('a')]);
    expect(normaliseParametricConfiguration(input).settings).toBe(input.settings);
  });
});

describe('active filters', () => {
  it('Given filters of filtering and non-filtering columns, when listed, then only active ones by position', () => {
    const input = config(
      [column('a'), column('b'), column('c', { supports: { filtering: false, sorting: true } })],
      [filter('a', { position: 2 }), filter('b', { position: 1 }), filter('c', { position: 0 }), filter('x')],
    );
    expect(activeFilters(input).map((f) => f.id)).toEqual(['b', 'a']);
  });

  // The portal listed a disabled column's filter that the search runtime left out (it checked
  // `enabled`, the portal did not), and both listed an image column's filter flagged on.
  it('Given an un-normalised configuration with filtering on for a disabled and an image column, when listed, then neither filter is live', () => {
    const input = config(
      [
        column('a'),
        column('off', { enabled: false }),
        column('img', { type: 'image' }),
        column('link', { type: 'hyperlink' }),
      ],
      [filter('a'), filter('off', { position: 1 }), filter('img', { position: 2 }), filter('link')],
    );
    expect(activeFilters(input).map((f) => f.id)).toEqual(['a']);
    expect(activeFilters(normaliseParametricConfiguration(input)).map((f) => f.id)).toEqual(['a']);
  });

  it('Given columns enabled and disabled, when the results columns are listed, then the enabled ones by position', () => {
    const input = config([
      column('a', { position: 2 }),
      column('b', { position: 0, enabled: false }),
      column('c', { position: 1 }),
    ]);
    expect(activeColumns(input).map((c) => c.id)).toEqual(['c', 'a']);
  });
});

describe('validating a parametric configuration', () => {
  it('Given a normalised configuration with labels, when validated, then there are no errors', () => {
    const errors = validateParametricConfiguration(
      normaliseParametricConfiguration(config([column('a'), column('img', { type: 'image' })])),
    );
    expect(errors).toEqual({ columns: {}, filters: {} });
    expect(isConfigurationValid(errors)).toBe(true);
  });

  it.each(['', '   ', '%20%20'])(
    'Given the column label %j, when validated, then a label is required',
    (label) => {
      const errors = validateParametricConfiguration(config([column('a', { label })], [filter('a')]));
      expect(errors.columns).toEqual({ a: { label: MESSAGES.labelRequired } });
      expect(isConfigurationValid(errors)).toBe(false);
    },
  );

  it('Given an empty label on an active filter, when validated, then a label is required', () => {
    const errors = validateParametricConfiguration(config([column('a')], [filter('a', { label: ' ' })]));
    expect(errors.filters).toEqual({ a: { label: MESSAGES.labelRequired } });
  });

  it('Given an empty label on the filter of a column that does not filter, when validated, then no error', () => {
    const errors = validateParametricConfiguration(
      config([column('a', { supports: { filtering: false, sorting: true } })], [filter('a', { label: '' })]),
    );
    expect(isConfigurationValid(errors)).toBe(true);
  });

  it.each([
    [
      'a disabled column that filters',
      column('a', { enabled: false }),
      { filtering: MESSAGES.columnDisabledFiltering },
    ],
    [
      'an image column that filters and sorts',
      column('a', { type: 'image' }),
      {
        filtering: MESSAGES.columnTypeCannotFilter,
        sorting: MESSAGES.columnTypeCannotSort,
      },
    ],
    [
      'a hyperlink column that filters',
      column('a', { type: 'hyperlink' }),
      { filtering: MESSAGES.columnTypeCannotFilter },
    ],
  ])('Given %s, when validated, then the broken rules are reported', (_case, c, expected) => {
    expect(validateParametricConfiguration(config([c])).columns).toEqual({ a: expected });
  });

  it('Given a range filter on a text column, when validated, then the range filter is refused', () => {
    const errors = validateParametricConfiguration(
      config([column('a')], [filter('a', { supports: { rangeFilter: true } })]),
    );
    expect(errors.filters).toEqual({ a: { rangeFilter: MESSAGES.rangeFilterNotAllowed } });
  });
});
