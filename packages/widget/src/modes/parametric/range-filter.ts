import type { FilterSelection, SearchColumn, SearchFilter } from '@siteseer/core';
import { h, srOnly } from '../../dom/element.ts';
import { formatNumber } from '../paging/result-count.ts';
import type { FilterControl, SelectionListener } from './filter-control.ts';
import { isListSelection, type RangeSelection } from './query-state.ts';

function parseBound(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function sameRange(a: RangeSelection, b: RangeSelection): boolean {
  return a.min === b.min && a.max === b.max;
}

/**
 * A numeric range filter: Min and Max number inputs bounded by the facet's min/max. Number inputs
 * rather than sliders: exact values can be typed, and they work the same with every assistive tool.
 */
export function createRangeFilter(
  filter: SearchFilter,
  column: SearchColumn | undefined,
  onChange: SelectionListener,
): FilterControl {
  const step = column?.type === 'integer' ? '1' : 'any';
  const input = (bound: 'min' | 'max') =>
    h('input', {
      type: 'number',
      inputmode: column?.type === 'integer' ? 'numeric' : 'decimal',
      step,
      'data-siteseer-key': `filter:${filter.id}:${bound}`,
    });
  const min = input('min');
  const max = input('max');
  const element = h(
    'fieldset',
    { class: 'siteseer-filter siteseer-filter--range' },
    h('legend', {}, filter.label),
    // The hidden filter label keeps each input's name unique ("Price Min") when a form has several ranges.
    h('label', {}, h('span', {}, srOnly(`${filter.label} `), 'Min'), min),
    h('label', {}, h('span', {}, srOnly(`${filter.label} `), 'Max'), max),
  );

  let committed: RangeSelection = {};
  const commit = () => {
    const next: RangeSelection = {};
    const low = parseBound(min.value);
    const high = parseBound(max.value);
    if (low !== undefined) next.min = low;
    if (high !== undefined) next.max = high;
    if (sameRange(next, committed)) return;
    committed = next;
    onChange(next);
  };
  for (const field of [min, max]) {
    // change fires on blur and on spinner clicks; Enter commits without leaving the field.
    field.addEventListener('change', commit);
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') commit();
    });
  }

  return {
    element,
    update(facet, selection: FilterSelection | undefined) {
      if (facet?.kind === 'range') {
        for (const field of [min, max]) {
          field.min = facet.min === null ? '' : String(facet.min);
          field.max = facet.max === null ? '' : String(facet.max);
        }
        min.placeholder = facet.min === null ? '' : formatNumber(facet.min);
        max.placeholder = facet.max === null ? '' : formatNumber(facet.max);
      }
      committed = selection && !isListSelection(selection) ? { ...selection } : {};
      // Never overwrite what the visitor is typing.
      const active = element.ownerDocument.activeElement;
      if (active !== min) min.value = committed.min === undefined ? '' : String(committed.min);
      if (active !== max) max.value = committed.max === undefined ? '' : String(committed.max);
    },
  };
}
