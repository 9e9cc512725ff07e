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
  /** Stops following the screen width. */
  dispose(): void;
}

/** Below this width the 'list' format's filters go behind a Filters button, in a drawer. */
const NARROW_SCREEN = '(max-width: 600px)';

/**
 * The filters, inline ('list' format) or in a modal dialog ('dialog' format); on a narrow screen
 * the 'list' format's filters move into the dialog too, shown as a drawer, so a phone sees the
 * results first. Controls edit a pending selection; it is applied on every change with
 * `autoApplyFilters`, else by 'Apply filters'.
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
  const dialog = createFilterDialog(body, actions);
  const inline = h('section', { class: 'siteseer-filters', 'aria-label': 'Filters' });
  const narrow = settings.filterFormat === 'list' ? window.matchMedia?.(NARROW_SCREEN) : undefined;
  // One set of controls, moved between the inline section and the drawer as the width changes.
  const place = () => {
    const drawer = settings.filterFormat === 'dialog' || narrow?.matches === true;
    dialog.element.hidden = !drawer;
    dialog.element.classList.toggle('siteseer-filters--drawer', settings.filterFormat === 'list');
    inline.hidden = drawer;
    if (drawer) dialog.content.append(body, actions);
    else {
      dialog.close(false);
      inline.append(body, actions);
    }
  };
  place();
  narrow?.addEventListener?.('change', place);

  function apply(fromApplyButton: boolean) {
    applied = pending;
    dialog.setCount(activeFilterCount(applied));
    if (fromApplyButton) dialog.close(true);
    onApply(applied);
  }

  function redraw() {
    for (const [id, control] of controls) control.update(facets[id], pending[id]);
  }

  return {
    element: settings.filterFormat === 'dialog' ? dialog.element : h('div', {}, inline, dialog.element),
    update(next) {
      facets = next;
      redraw();
    },
    restore(filters) {
      pending = filters;
      applied = filters;
      dialog.setCount(activeFilterCount(applied));
      redraw();
    },
    dispose() {
      narrow?.removeEventListener?.('change', place);
    },
  };
}

interface FilterDialog {
  element: HTMLElement;
  /** Where the filters and their buttons go, under the dialog's title. */
  content: HTMLElement;
  setCount(count: number): void;
  /** Closes it; `refocus` puts focus back on the Filters button. */
  close(refocus: boolean): void;
}

/**
 * A Filters button opening a modal dialog (Escape, Close and the backdrop close it). Modal, the
 * browser keeps focus inside it, and focus goes back to the button when it closes.
 */
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
  const content = h(
    'div',
    { class: 'siteseer-dialog-body' },
    h('div', { class: 'siteseer-dialog-head' }, h('h2', { id: titleId }, 'Filters'), closeButton),
    body,
    actions,
  );
  const dialog = h('dialog', { class: 'siteseer-dialog', 'aria-labelledby': titleId }, content);

  // Browsers without modal dialogs (old Safari) still get an open, inline dialog.
  const open = () =>
    typeof dialog.showModal === 'function' ? dialog.showModal() : dialog.setAttribute('open', '');
  const close = (refocus: boolean) => {
    if (!dialog.open && !dialog.hasAttribute('open')) return;
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
    if (refocus) toggle.focus();
  };
  toggle.addEventListener('click', open);
  closeButton.addEventListener('click', () => close(true));
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close(true);
  });
  // The dialog's own box is only reachable outside its padded body: a click there is on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close(true);
  });
  // A dialog closed because the screen grew wide (its button hidden) moves nobody's focus.
  dialog.addEventListener('close', () => {
    if (!element.hidden) toggle.focus();
  });

  const element = h('div', { class: 'siteseer-filters siteseer-filters--dialog' }, toggle, dialog);
  return {
    element,
    content,
    setCount(n) {
      count.textContent = n > 0 ? ` (${n})` : '';
    },
    close,
  };
}
