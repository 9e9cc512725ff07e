import type { CellValue, SearchColumn, SearchFilter } from '@siteseer/core';
import { h } from '../../dom/element.ts';
import { keepingFocus } from '../../dom/focus.ts';
import { formatNumber } from '../paging/result-count.ts';
import { displayValue } from './cell-value.ts';
import type { FilterControl, SelectionListener } from './filter-control.ts';
import { isListSelection } from './query-state.ts';

interface Option {
  value: string;
  label: string;
  count: number;
}

/** What a value is sent as: its text; a blank cell is ''. */
function selectionValue(value: CellValue): string {
  return value === null ? '' : String(value);
}

/**
 * The options to offer. Blank values and values without matches are "empty" filter values: shown
 * only with `allowEmptyFilterValues`, except that a selected value always stays so it can be unticked.
 */
export function listOptions(
  facetValues: readonly { value: CellValue; count: number }[],
  selected: readonly string[],
  column: SearchColumn | undefined,
  allowEmpty: boolean,
): Option[] {
  // null and '' are both a blank cell and select alike: they are one option with the summed count.
  const byKey = new Map<string, Option>();
  for (const { value, count } of facetValues) {
    const key = selectionValue(value);
    const known = byKey.get(key);
    if (known) known.count += count;
    else {
      const label = key.trim() === '' ? '(empty)' : displayValue(value, column?.type ?? 'keyword');
      byKey.set(key, { value: key, label, count });
    }
  }
  const options = [...byKey.values()].filter(
    (option) =>
      allowEmpty || selected.includes(option.value) || (option.value.trim() !== '' && option.count > 0),
  );
  const seen = new Set(options.map((option) => option.value));
  for (const key of selected) {
    if (!seen.has(key)) options.push({ value: key, label: key.trim() === '' ? '(empty)' : key, count: 0 });
  }
  return options;
}

/** A list filter: a group of checkboxes with the facet's counts. */
export function createListFilter(
  filter: SearchFilter,
  column: SearchColumn | undefined,
  allowEmpty: boolean,
  onChange: SelectionListener,
): FilterControl {
  const list = h('ul', { class: 'siteseer-options' });
  const none = h('p', { class: 'siteseer-muted', hidden: true }, 'No values');
  const element = h(
    'fieldset',
    { class: 'siteseer-filter siteseer-filter--list' },
    h('legend', {}, filter.label),
    list,
    none,
  );

  list.addEventListener('change', () => {
    const values = [...list.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
      .filter((box) => box.checked)
      .map((box) => box.value);
    onChange({ values });
  });

  return {
    element,
    update(facet, selection) {
      const selected = isListSelection(selection) ? selection.values : [];
      const options = listOptions(facet?.kind === 'list' ? facet.values : [], selected, column, allowEmpty);
      none.hidden = options.length > 0;
      keepingFocus(list, () => {
        list.replaceChildren(
          ...options.map((option) =>
            h(
              'li',
              {},
              h(
                'label',
                {},
                h('input', {
                  type: 'checkbox',
                  value: option.value,
                  checked: selected.includes(option.value),
                  'data-siteseer-key': `filter:${filter.id}:${option.value}`,
                }),
                h('span', { class: 'siteseer-option-label' }, option.label),
                h('span', { class: 'siteseer-count' }, `(${formatNumber(option.count)})`),
              ),
            ),
          ),
        );
      });
    },
  };
}
