import type { Facet, FilterSelection, SearchConfig } from '@siteseer/core';
import { h, uniqueId } from '../../dom/element.ts';
import type { FilterControl } from './filter-control.ts';
import { createListFilter } from './list-filter.ts';
import { activeFilterCount, type Filters, withSelection } from './query-state.ts';
import { createRangeFilter } from './range-filter.ts';

export interface FilterPanel {
  element: HTMLElement;
  update(facets: Readonly<Record<string, Facet>>): void;
  /** Shows `filters` as applied, without applying them (the widget searches with them itself). */
  restore(filters: Filters): void;
}

/**
 * The filters, inline ('list' format) or in a modal dialog ('dialog' format). Controls edit a
 * pending selection; it is applied on every change with `autoApplyFilters`, else by 'Apply filters'.
 */
export function createFilterPanel(config: SearchConfig, onApply: (filters: Filters) => void): FilterPanel {
  const { settings } = config;
  let pending: Filters = {};
  let applied: Filters = {};
  let facets: Readonly<Record<string, Facet>> = {};

  const controls = new Map<string, FilterControl>();
  for (const filter of config.filters) {
    const column = config.columns.find((candidate) => candidate.id === filter.id);
    const changed = (selection: FilterSelection | undefined) => {
      pending = withSelection(pending, filter.id, selection);
      if (settings.autoApplyFilters) apply(false);
    };
    controls.set(
      filter.id,
      filter.kind === 'range'
        ? createRangeFilter(filter, column, changed)
        : createListFilter(filter, column, settings.allowEmptyFilterValues, changed),
    );
  }

  const actions = h('div', { class: 'siteseer-filter-actions' });
  if (!settings.autoApplyFilters) {
    const applyButton = h('button', { type: 'button', class: 'siteseer-primary' }, 'Apply filters');
    applyButton.addEventListener('click', () => apply(true));
    actions.append(applyButton);
  }
  const clearButton = h('button', { type: 'button' }, 'Clear filters');
  clearButton.addEventListener('click', () => {
    pending = {};
    redraw();
    apply(false);
  });
  actions.append(clearButton);

  const body = h('div', { class: 'siteseer-filter-list' }, ...[...controls.values()].map((c) => c.element));
  const dialog = settings.filterFormat === 'dialog' ? createFilterDialog(body, actions) : undefined;

  function apply(fromApplyButton: boolean) {
    applied = pending;
    dialog?.setCount(activeFilterCount(applied));
    if (fromApplyButton) dialog?.close();
    onApply(applied);
  }

  function redraw() {
    for (const [id, control] of controls) control.update(facets[id], pending[id]);
  }

  return {
    element:
      dialog?.element ?? h('section', { class: 'siteseer-filters', 'aria-label': 'Filters' }, body, actions),
    update(next) {
      facets = next;
      redraw();
    },
    restore(filters) {
      pending = filters;
      applied = filters;
      dialog?.setCount(activeFilterCount(applied));
      redraw();
    },
  };
}

interface FilterDialog {
  element: HTMLElement;
  setCount(count: number): void;
  close(): void;
}

/** The 'dialog' format: a Filters button opening a modal dialog (Escape and the backdrop close it). */
function createFilterDialog(body: HTMLElement, actions: HTMLElement): FilterDialog {
  const titleId = uniqueId('filters-title');
  const count = h('span', { class: 'siteseer-filter-count' });
  const toggle = h(
    'button',
    { type: 'button', class: 'siteseer-filters-toggle', 'aria-haspopup': 'dialog' },
    'Filters',
    count,
  );
  const closeButton = h('button', { type: 'button', class: 'siteseer-dialog-close' }, 'Close');
  const dialog = h(
    'dialog',
    { class: 'siteseer-dialog', 'aria-labelledby': titleId },
    h(
      'div',
      { class: 'siteseer-dialog-body' },
      h('div', { class: 'siteseer-dialog-head' }, h('h2', { id: titleId }, 'Filters'), closeButton),
      body,
      actions,
    ),
  );

  // Browsers without modal dialogs (old Safari) still get an open, inline dialog.
  const open = () =>
    typeof dialog.showModal === 'function' ? dialog.showModal() : dialog.setAttribute('open', '');
  const close = () => {
    if (!dialog.open && !dialog.hasAttribute('open')) return;
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
    toggle.focus();
  };
  toggle.addEventListener('click', open);
  closeButton.addEventListener('click', close);
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  });
  // The dialog's own box is only reachable outside its padded body: a click there is on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });
  dialog.addEventListener('close', () => toggle.focus());

  return {
    element: h('div', { class: 'siteseer-filters siteseer-filters--dialog' }, toggle, dialog),
    setCount(n) {
      count.textContent = n > 0 ? ` (${n})` : '';
    },
    close,
  };
}
