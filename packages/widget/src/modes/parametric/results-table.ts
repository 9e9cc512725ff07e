import type { Row, SearchColumn, SearchQuery } from '@siteseer/core';
import { h, uniqueId } from '../../dom/element.ts';
import type { ClickEventDetail } from '../../events.ts';
import { renderCell } from './cell-value.ts';

export interface ResultsTableOptions {
  columns: readonly SearchColumn[];
  onSort(columnId: string): void;
  /** Called before a result link is followed; false cancels the navigation. */
  onLinkFollowed(detail: ClickEventDetail): boolean;
}

export interface ResultsTable {
  element: HTMLElement;
  /** `offset`: the rows before this page's first, so a row's position is offset + its index + 1. */
  update(rows: readonly Row[], sort: SearchQuery['sort'], offset: number): void;
}

const NUMERIC = new Set(['integer', 'half_float']);

/** The typed results table: a real table, sortable headers as buttons inside `th`. */
export function createResultsTable(options: ResultsTableOptions): ResultsTable {
  const { columns } = options;
  const headers = new Map<string, HTMLTableCellElement>();
  const headRow = h('tr');
  for (const column of columns) {
    const th = h('th', { scope: 'col', class: NUMERIC.has(column.type) ? 'siteseer-num' : null });
    if (column.sortable) {
      const button = h(
        'button',
        { type: 'button', class: 'siteseer-sort', 'data-siteseer-key': `sort:${column.id}` },
        column.label,
        // The arrow is drawn by CSS from aria-sort; screen readers get the state from aria-sort.
        h('span', { class: 'siteseer-sort-icon', 'aria-hidden': 'true' }),
      );
      button.addEventListener('click', () => options.onSort(column.id));
      th.setAttribute('aria-sort', 'none');
      th.append(button);
      headers.set(column.id, th);
    } else {
      th.textContent = column.label;
    }
    headRow.append(th);
  }
  const body = h('tbody');
  const captionId = uniqueId('caption');
  const table = h(
    'table',
    { class: 'siteseer-table' },
    h('caption', { id: captionId, class: 'siteseer-sr' }, 'Search results'),
    h('thead', {}, headRow),
    body,
  );
  let rows: readonly Row[] = [];
  let offset = 0;

  const followed = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest('a[data-siteseer-column]') : null;
    const rowElement = link?.closest('tr');
    if (!link || !rowElement) return;
    const index = Number(rowElement.dataset.siteseerRow);
    const row = rows[index];
    const column = link.getAttribute('data-siteseer-column');
    const url = link.getAttribute('href');
    if (!row || column === null || url === null) return;
    if (!options.onLinkFollowed({ row, column, url, position: offset + index + 1 })) event.preventDefault();
  };
  body.addEventListener('click', followed);
  body.addEventListener('auxclick', followed);

  return {
    // A table wider than a phone scrolls sideways in this box. Focusable, so arrow keys scroll it
    // (a table whose headers sort nothing has nothing else to focus), and a region named by the
    // caption, so a screen reader says what that stop is.
    element: h(
      'div',
      { class: 'siteseer-table-wrap', role: 'region', 'aria-labelledby': captionId, tabindex: 0 },
      table,
    ),
    update(nextRows, sort, nextOffset) {
      rows = nextRows;
      offset = nextOffset;
      // Relative URLs in cells resolve against the host page as it is now (SPAs change it).
      const pageUrl = table.ownerDocument.baseURI;
      for (const [id, th] of headers) {
        const sorted = sort?.column === id;
        th.setAttribute(
          'aria-sort',
          sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
        );
      }
      body.replaceChildren(
        ...nextRows.map((row, index) =>
          h(
            'tr',
            { 'data-siteseer-row': index },
            ...columns.map((column) =>
              h(
                'td',
                {
                  class: NUMERIC.has(column.type)
                    ? 'siteseer-num'
                    : column.type === 'image'
                      ? 'siteseer-image-cell'
                      : null,
                  // The card layout of a phone shows it before the value (CSS, as text only).
                  'data-siteseer-label': column.type === 'image' ? null : column.label,
                },
                renderCell(column, row, pageUrl),
              ),
            ),
          ),
        ),
      );
    },
  };
}
