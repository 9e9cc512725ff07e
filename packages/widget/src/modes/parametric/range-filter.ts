import type { FilterSelection, SearchColumn, SearchFilter } from '@siteseer/core';
import { h, srOnly } from '../../dom/element.ts';
import { formatNumber } from '../paging/result-count.ts';
import { formatDate } from './cell-value.ts';
import type { FilterControl, SelectionListener } from './filter-control.ts';
import { isListSelection, type RangeSelection } from './query-state.ts';
import { createRangeSlider } from './range-slider.ts';

const DAY_MS = 86_400_000;

/** How one kind of range reads, writes and shows its bounds (numbers, or dates as ms since 1970 UTC). */
interface BoundFormat {
  inputType: 'number' | 'date';
  /** A bound typed in an input; `end` reads a date as the end of its day (a Max includes the day). */
  parse(text: string, end: boolean): number | undefined;
  /** A bound as an input's value. */
  text(value: number): string;
  /** A bound as people read it (placeholders, the slider's aria-valuetext). */
  show(value: number): string;
}

const numbers: BoundFormat = {
  inputType: 'number',
  parse(text) {
    if (text.trim() === '') return undefined;
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  },
  text: String,
  show: formatNumber,
};

const dates: BoundFormat = {
  inputType: 'date',
  parse(text, end) {
    const day = Date.parse(text);
    if (text.trim() === '' || Number.isNaN(day)) return undefined;
    return end ? day + DAY_MS - 1 : day;
  },
  text: (value) => new Date(value).toISOString().slice(0, 10),
  show: formatDate,
};

function sameRange(a: RangeSelection, b: RangeSelection): boolean {
  return a.min === b.min && a.max === b.max;
}

/**
 * A range filter: a two-thumb slider over the facet's bounds with the histogram of the values, and
 * Min and Max inputs (numbers, or native date pickers for a Date column) bounded by the facet, so
 * exact values can be typed and every assistive tool can set them. A thumb at its end of the slider
 * is an open bound.
 */
export function createRangeFilter(
  filter: SearchFilter,
  column: SearchColumn | undefined,
  onChange: SelectionListener,
): FilterControl {
  const format = column?.type === 'date' ? dates : numbers;
  const input = (bound: 'min' | 'max') =>
    h('input', {
      type: format.inputType,
      inputmode: format === dates ? null : column?.type === 'integer' ? 'numeric' : 'decimal',
      step: format === dates ? null : column?.type === 'integer' ? '1' : 'any',
      'data-siteseer-key': `filter:${filter.id}:${bound}`,
    });
  const min = input('min');
  const max = input('max');

  let committed: RangeSelection = {};
  const commit = (next: RangeSelection) => {
    if (sameRange(next, committed)) return;
    committed = next;
    onChange(next);
  };
  const fromInputs = () => {
    const next: RangeSelection = {};
    const low = format.parse(min.value, false);
    const high = format.parse(max.value, true);
    if (low !== undefined) next.min = low;
    if (high !== undefined) next.max = high;
    slider.show(next);
    commit(next);
  };
  const slider = createRangeSlider({
    label: filter.label,
    step: column?.type === 'integer' ? 1 : format === dates ? DAY_MS : undefined,
    show: format.show,
    onInput(range) {
      // The inputs follow the thumbs as they move; the search waits for the thumb to be let go.
      min.value = range.min === undefined ? '' : format.text(range.min);
      max.value = range.max === undefined ? '' : format.text(range.max);
    },
    onChange(range) {
      const next: RangeSelection = { ...range };
      if (format === dates && next.max !== undefined)
        next.max = format.parse(format.text(next.max), true) as number;
      commit(next);
    },
  });

  const element = h(
    'fieldset',
    { class: 'siteseer-filter siteseer-filter--range' },
    h('legend', {}, filter.label),
    slider.element,
    // The hidden filter label keeps each input's name unique ("Price Min") when a form has several ranges.
    h(
      'div',
      { class: 'siteseer-range-inputs' },
      h('label', {}, h('span', {}, srOnly(`${filter.label} `), 'Min'), min),
      h('label', {}, h('span', {}, srOnly(`${filter.label} `), 'Max'), max),
    ),
  );
  for (const field of [min, max]) {
    // change fires on blur and on spinner clicks; Enter commits without leaving the field.
    field.addEventListener('change', fromInputs);
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') fromInputs();
    });
  }

  return {
    element,
    update(facet, selection: FilterSelection | undefined) {
      if (facet?.kind === 'range') {
        for (const field of [min, max]) {
          field.min = facet.min === null ? '' : format.text(facet.min);
          field.max = facet.max === null ? '' : format.text(facet.max);
        }
        min.placeholder = facet.min === null ? '' : format.show(facet.min);
        max.placeholder = facet.max === null ? '' : format.show(facet.max);
        slider.setFacet(facet);
      }
      committed = selection && !isListSelection(selection) ? { ...selection } : {};
      slider.show(committed);
      // Never overwrite what the visitor is typing.
      const active = element.ownerDocument.activeElement;
      if (active !== min) min.value = committed.min === undefined ? '' : format.text(committed.min);
      if (active !== max) max.value = committed.max === undefined ? '' : format.text(committed.max);
    },
  };
}
