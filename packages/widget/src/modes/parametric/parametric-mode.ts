import type { SearchConfig, SearchQuery, SearchResult } from '@siteseer/core';
import { isAbort } from '../../api/errors.ts';
import { append, h } from '../../dom/element.ts';
import { emit } from '../../events.ts';
import { reportFailure } from '../../failure.ts';
import { keepSearch, restoreSearch } from '../kept-search.ts';
import type { Mode } from '../mode.ts';
import { createPager } from '../paging/pager.ts';
import { pageCount, resultPageText } from '../paging/result-count.ts';
import { createFilterPanel } from './filter-panel.ts';
import { DOWNLOAD_ROWS_MAX } from './limits.ts';
import { initialQuery, keptQuery, toggledSort, withFilters, withPage, withText } from './query-state.ts';
import { createResultsTable } from './results-table.ts';
import { createSearchBar } from './search-bar.ts';

const DEFAULT_PAGE_SIZE = 20;
const DOWNLOAD_ALL = 'Download results (CSV)';
const DOWNLOAD_FIRST = `Download the first ${DOWNLOAD_ROWS_MAX.toLocaleString('en-US')} results (CSV)`;

/**
 * Parametric mode: search bar, filters, the typed results table, paging, the CSV link and click
 * beacons for the table's links.
 */
export const mountParametric: Mode<SearchConfig> = (root, config, { api, pageSize, debounceMs }) => {
  const { settings } = config;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  const win = root.ownerDocument.defaultView;
  // Back from a result (or a reload) shows the query the visitor left: text, filters, sort, page.
  let query =
    (win && restoreSearch(win, config.clientId, (value) => keptQuery(value, config, size))) ??
    initialQuery(size);
  let inflight: AbortController | undefined;
  /** The answer whose rows are on screen: its id is what a click beacon names. */
  let shown: SearchResult | undefined;

  const status = h('p', {
    class: 'siteseer-status',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });
  const alert = h('p', { class: 'siteseer-error', role: 'alert', hidden: true });
  const download = settings.allowDownload
    ? h('a', { class: 'siteseer-download', download: '' }, DOWNLOAD_ALL)
    : undefined;
  const searchBar = settings.showSearchBar
    ? createSearchBar((q, submitted) => {
        // Typing the same text again is no new search; Enter is (e.g. a retry after an error).
        if (submitted || q !== query.q) void search(withText(query, q));
      }, debounceMs)
    : undefined;
  const filters =
    config.filters.length > 0
      ? createFilterPanel(config, (selection) => void search(withFilters(query, selection)))
      : undefined;
  const table = createResultsTable({
    columns: config.columns,
    onSort: (column) => void search(toggledSort(query, column)),
    // The beacon goes first and always: a listener that cancels the navigation still saw a click.
    onLinkFollowed: (detail) => {
      if (shown) api.click({ searchId: shown.searchId, url: detail.url, position: detail.position });
      return emit(root, 'siteseer:click', detail, { cancelable: true });
    },
  });
  const pager = createPager((page) => void search(withPage(query, page)));
  const results = h('div', { class: 'siteseer-results', hidden: true }, table.element, pager.element);

  root.classList.add('siteseer--parametric');
  root.replaceChildren();
  append(root, [
    searchBar?.element,
    filters?.element,
    h('div', { class: 'siteseer-toolbar' }, status, download),
    alert,
    results,
  ]);

  function render(result: SearchResult) {
    shown = result;
    alert.hidden = true;
    const pages = pageCount(result.total, result.pageSize);
    status.textContent = resultPageText(result.total, result.page, pages);
    results.hidden = result.rows.length === 0;
    table.update(result.rows, query.sort, (result.page - 1) * result.pageSize);
    pager.update(result.page, pages);
    filters?.update(result.facets);
    // The download stops at DOWNLOAD_ROWS_MAX rows: the link says so rather than cut the file unsaid.
    if (download) download.textContent = result.total > DOWNLOAD_ROWS_MAX ? DOWNLOAD_FIRST : DOWNLOAD_ALL;
    if (win) keepSearch(win, config.clientId, query);
  }

  function fail(error: unknown) {
    status.textContent = '';
    results.hidden = true;
    reportFailure(root, alert, error);
  }

  /** Ends the loading state of `controller`'s request, if it is still the latest. */
  function settle(controller: AbortController) {
    if (inflight !== controller) return;
    inflight = undefined;
    root.classList.remove('siteseer--loading');
    results.removeAttribute('aria-busy');
  }

  /** Runs `next`, aborting the request of any query it replaces. */
  async function search(next: SearchQuery): Promise<void> {
    query = next;
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    emit(root, 'siteseer:search', query);
    if (download) download.href = api.downloadUrl(query);
    root.classList.add('siteseer--loading');
    results.setAttribute('aria-busy', 'true');
    try {
      const result = await api.query(query, controller.signal);
      if (controller.signal.aborted) return;
      settle(controller);
      // The service may clamp the page; later Next/Previous count from the page shown.
      query = { ...query, page: result.page };
      render(result);
      emit(root, 'siteseer:results', {
        total: result.total,
        page: result.page,
        rows: result.rows.length,
        took: result.took,
        searchId: result.searchId,
      });
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      settle(controller);
      fail(error);
    }
  }

  searchBar?.setText(query.q);
  filters?.restore(query.filters);
  status.textContent = 'Loading\u2026';
  return {
    ready: search(query),
    destroy() {
      searchBar?.dispose();
      filters?.dispose();
      inflight?.abort();
    },
  };
};
