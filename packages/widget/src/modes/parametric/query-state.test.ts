import { describe, expect, it } from 'vitest';
import { initialQuery, toggledSort, withFilters, withPage, withSelection, withText } from './query-state.ts';

describe('query state', () => {
  const onPage3 = withPage(initialQuery(20), 3);

  it('goes back to page 1 when the text, the filters or the sort change', () => {
    expect(withText(onPage3, 'a').page).toBe(1);
    expect(withFilters(onPage3, { c: { values: ['x'] } }).page).toBe(1);
    expect(toggledSort(onPage3, 'name').page).toBe(1);
  });

  it('toggles a column asc → desc → asc, and starts asc on another column', () => {
    const asc = toggledSort(initialQuery(20), 'name');
    const desc = toggledSort(asc, 'name');
    expect([asc.sort, desc.sort, toggledSort(desc, 'name').sort]).toEqual([
      { column: 'name', direction: 'asc' },
      { column: 'name', direction: 'desc' },
      { column: 'name', direction: 'asc' },
    ]);
    expect(toggledSort(desc, 'price').sort).toEqual({ column: 'price', direction: 'asc' });
  });

  it('drops empty selections from the filters', () => {
    const filters = withSelection({}, 'c', { values: ['x'] });
    expect(filters).toEqual({ c: { values: ['x'] } });
    expect(withSelection(filters, 'c', { values: [] })).toEqual({});
    expect(withSelection(filters, 'p', {})).toEqual(filters);
    expect(withSelection(filters, 'p', { min: 0 })).toEqual({ c: { values: ['x'] }, p: { min: 0 } });
  });
});
