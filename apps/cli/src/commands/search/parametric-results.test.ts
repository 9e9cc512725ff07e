import type { SearchConfig, SearchResult } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { CELL_MAX, columnKeys, parametricJson, parametricTable } from './parametric-results.ts';

const column = (id: string, label: string, type: SearchConfig['columns'][number]['type'] = 'keyword') => ({
  id,
  label,
  type,
  sortable: true,
  settings: {},
});

const config: SearchConfig = {
  clientId: 'c1',
  type: 'pm',
  engineName: 'Parts',
  version: 1,
  columns: [column('c1', 'Name'), column('c3', 'Price', 'half_float'), column('c4', 'Price', 'integer')],
  filters: [],
  settings: {
    filterFormat: 'list',
    allowDownload: false,
    allowEmptyFilterValues: false,
    autoApplyFilters: true,
    showSearchBar: true,
  },
};

const result: SearchResult = {
  total: 41,
  page: 2,
  pageSize: 20,
  // c9 is a hidden column a hyperlink takes its URL from: it is not shown or printed.
  rows: [
    { c1: 'Sensor\u001b[2J A', c3: 1.5, c4: 2, c9: 'https://x.test' },
    { c1: 'x'.repeat(100), c3: null, c4: 0 },
  ],
  facets: {},
  took: 1,
  searchId: '6f1c2a4e-0000-4000-8000-000000000001',
};

describe('parametric results', () => {
  it('keys rows by column label, adding the id to a label used before', () => {
    expect(columnKeys(config.columns)).toEqual(['Name', 'Price', 'Price (c4)']);
  });

  it('prints the configured columns of each row as JSON, values as the API gives them', () => {
    const printed = parametricJson(config, result);
    expect(printed).toMatchObject({ total: 41, page: 2 });
    expect(printed.columns).toEqual([
      { key: 'Name', id: 'c1', label: 'Name', type: 'keyword' },
      { key: 'Price', id: 'c3', label: 'Price', type: 'half_float' },
      { key: 'Price (c4)', id: 'c4', label: 'Price', type: 'integer' },
    ]);
    expect(printed.rows).toEqual([
      { Name: 'Sensor\u001b[2J A', Price: 1.5, 'Price (c4)': 2 },
      { Name: 'x'.repeat(100), Price: null, 'Price (c4)': 0 },
    ]);
  });

  it('shows a table of safe, shortened cells on a terminal', () => {
    const table = parametricTable(config, result);
    expect(table.head).toEqual(['Name', 'Price', 'Price']);
    expect(table.rows[0]).toEqual(['Sensor[2J A', '1.5', '2']);
    expect(table.rows[1]?.[0]).toHaveLength(CELL_MAX);
    expect(table.rows[1]?.slice(1)).toEqual(['', '0']);
  });
});
