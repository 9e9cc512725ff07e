import { describe, expect, it } from 'vitest';
import { listOptions } from './list-filter.ts';

const values = [
  { value: 'Red', count: 3 },
  { value: 'Green', count: 0 },
  { value: null, count: 2 },
  { value: '', count: 1 },
];

describe('listOptions', () => {
  it('leaves out blank and zero-count values unless allowEmptyFilterValues', () => {
    expect(listOptions(values, [], undefined, false).map((o) => o.label)).toEqual(['Red']);
    expect(listOptions(values, [], undefined, true)).toEqual([
      { value: 'Red', label: 'Red', count: 3 },
      { value: 'Green', label: 'Green', count: 0 },
      { value: '', label: '(empty)', count: 3 },
    ]);
  });

  it('keeps selected values, even ones the facet no longer lists, so they can be unticked', () => {
    expect(listOptions(values, ['Green', 'Gone'], undefined, false).map((o) => [o.value, o.count])).toEqual([
      ['Red', 3],
      ['Green', 0],
      ['Gone', 0],
    ]);
  });

  it('labels values by the column type and sends them as text', () => {
    const column = { id: 'ok', label: 'OK', type: 'boolean' as const, sortable: false, settings: {} };
    expect(listOptions([{ value: true, count: 4 }], [], column, false)).toEqual([
      { value: 'true', label: 'True', count: 4 },
    ]);
  });
});
