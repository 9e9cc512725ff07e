import type { KeywordHit, KeywordSearchConfig, KeywordSearchResult } from '@siteseer/core';
import { isAbort } from '../../api/errors.ts';
import { append, h, uniqueId } from '../../dom/element.ts';
import { emit } from '../../events.ts';
import { reportFailure } from '../../failure.ts';
import { isPage, keepSearch, restoreSearch } from '../kept-search.ts';
import type { Mode } from '../mode.ts';
import { createPager } from '../paging/pager.ts';
import { pageCount, resultCountText, resultPageText } from '../paging/result-count.ts';
import { createCorrectionLine, withCorrection } from './correction-line.ts';
import {
  ALL_TAB,
  DEFAULT_NO_RESULTS_TEXT,
  DEFAULT_RESULTS_PER_PAGE,
  DESCRIPTION_SIZE_MAX,
  DESCRIPTION_SIZE_MIN,
  KEYWORD_PAGE_MAX,
} from './limits.ts';
import { followSuggestion, queryFromPageUrl } from './navigation.ts';
import { createResultList } from './result-list.ts';
import { createSearchBox } from './search-box.ts';
import { createTabs, tabLabel } from './tabs.ts';

interface KeywordState {
  q: string;
  tab: string;
  page: number;
  /** Searched as typed, the engine's auto-correct off: the visitor chose "Search instead for …". */
  asTyped: boolean;
}

/** A kept search as the engine is now: a tab it no longer has becomes 'all'. */
function keptKeywordSearch(
  value: Readonly<Record<string, unknown>>,
  config: KeywordSearchConfig,
): KeywordState | null {
  const { q, tab, page, asTyped } = value;
  if (typeof q !== 'string' || q === '' || typeof tab !== 'string' || !isPage(page)) return null;
  return {
    q,
    tab: config.tabs.some((known) => known.name === tab) ? tab : ALL_TAB,
    page,
    asTyped: asTyped === true,
  };
}

function descriptionSizeOf(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(DESCRIPTION_SIZE_MAX, Math.max(DESCRIPTION_SIZE_MIN, Math.trunc(value)));
}

/**
 * Keyword mode: the search box (the page's input or ours) with suggestions, result tabs with
 * counts, title links with snippets, paging and click beacons. A page opened with `?q=` searches
 * it at once (the redirect page's query); otherwise nothing is searched until the visitor asks.
 */
export const mountKeyword: Mode<KeywordSearchConfig> = (root, config, context) => {
  const { api, keyword } = context;
  const pageSize = context.pageSize ?? DEFAULT_RESULTS_PER_PAGE;
  const noResultsText = keyword.noResultsText?.trim() || DEFAULT_NO_RESULTS_TEXT;
  const descriptionSize = descriptionSizeOf(keyword.descriptionSize);
  const rewrite = keyword.urlRewriting ?? false;
  const autoCorrect = keyword.autoCorrect ?? true;
  const win = root.ownerDocument.defaultView;
  const keep = (search: KeywordState | null) => {
    if (win) keepSearch(win, config.clientId, search);
  };
  let state: KeywordState = { q: '', tab: ALL_TAB, page: 1, asTyped: false };
  let shown: KeywordSearchResult | undefined;
  let inflight: AbortController | undefined;

  const status = h('p', {
    class: 'siteseer-status',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });
  const alert = h('p', { class: 'siteseer-error', role: 'alert', hidden: true });
  const panelId = uniqueId('results');
  const tabs =
    config.tabs.length > 1
      ? createTabs(config.tabs, panelId, (tab) => void search({ ...state, tab, page: 1 }))
      : undefined;
  const list = createResultList(follow);
  // A correction followed shows in the search box, as if typed there.
  const correction = createCorrectionLine(({ q, asTyped }) => {
    box.input.value = q;
    box.input.focus();
    void search({ ...state, q, page: 1, asTyped });
  });
  const pager = createPager((page) => void search({ ...state, page }));
  const results = h(
    'div',
    { id: panelId, class: 'siteseer-results', role: tabs ? 'tabpanel' : null, hidden: true },
    list.element,
    pager.element,
  );
  const box = createSearchBox({
    api,
    debounceMs: context.debounceMs,
    input: keyword.input,
    placeholder: keyword.placeholder,
    popularOnFocus: keyword.popularOnFocus,
    theme: context.theme,
    // A new query keeps the tab the visitor chose and starts again at page 1.
    onSubmit: (q) => void search({ ...state, q, page: 1, asTyped: false }),
    onChoose: (suggestion, position, query) =>
      followSuggestion(root, suggestion, position, { query, tab: state.tab }),
  });

  root.classList.add('siteseer--keyword');
  root.replaceChildren();
  if (tabs) tabs.element.hidden = true;
  append(root, [box.form, status, alert, correction.element, tabs?.element, results]);

  /** Reports a result being followed: the beacon always, the navigation unless a listener cancels. */
  function follow(hit: KeywordHit): boolean {
    if (shown) api.click({ searchId: shown.searchId, url: hit.url, position: hit.position });
    return emit(
      root,
      'siteseer:click',
      {
        query: state.q,
        tab: state.tab,
        url: hit.url,
        position: hit.position,
        pinned: hit.pinned,
        source: 'result',
      },
      { cancelable: true },
    );
  }

  /**
   * The live region's words. A new query keeps the tab the visitor chose, so that tab may be empty
   * while others are not: the no-results text would then tell a screen reader user (who does not
   * hear the tab counts) that nothing matched, so the status says where the results are instead.
   */
  function statusText(result: KeywordSearchResult, pages: number): string {
    const everywhere = result.tabs[0];
    if (tabs && result.total === 0 && everywhere && everywhere.count > 0 && everywhere.name !== state.tab) {
      return `No results in ${tabLabel(state.tab)}; ${resultCountText(everywhere.count)} in ${tabLabel(everywhere.name)}`;
    }
    return resultPageText(result.total, result.page, pages, noResultsText);
  }

  function render(result: KeywordSearchResult) {
    shown = result;
    alert.hidden = true;
    const pages = Math.min(KEYWORD_PAGE_MAX, pageCount(result.total, result.pageSize));
    status.replaceChildren();
    append(status, withCorrection(statusText(result, pages), result));
    correction.update(result);
    if (tabs) {
      // Tabs help only when something matched somewhere.
      tabs.element.hidden = (result.tabs[0]?.count ?? result.total) === 0;
      tabs.update(result.tabs, state.tab);
      results.setAttribute('aria-labelledby', tabs.selectedId());
    }
    results.hidden = result.hits.length === 0;
    list.update(result.hits);
    keep({ q: state.q, tab: state.tab, page: result.page, asTyped: state.asTyped });
    pager.update(result.page, pages);
  }

  function clear() {
    shown = undefined;
    keep(null);
    alert.hidden = true;
    status.textContent = '';
    correction.hide();
    results.hidden = true;
    if (tabs) tabs.element.hidden = true;
  }

  /** Ends the loading state of `controller`'s request, if it is still the latest. */
  function settle(controller: AbortController) {
    if (inflight !== controller) return;
    inflight = undefined;
    root.classList.remove('siteseer--loading');
    results.removeAttribute('aria-busy');
  }

  /** Runs `next`, aborting the request of any search it replaces; an empty query clears the results. */
  async function search(next: KeywordState): Promise<void> {
    state = next;
    inflight?.abort();
    if (state.q === '') {
      inflight = undefined;
      root.classList.remove('siteseer--loading');
      clear();
      return;
    }
    const controller = new AbortController();
    inflight = controller;
    emit(root, 'siteseer:search', { query: state.q, tab: state.tab, page: state.page, pageSize });
    // The tab a visitor picked shows as selected at once, with the counts of the last answer.
    tabs?.update(shown?.tabs ?? [], state.tab);
    root.classList.add('siteseer--loading');
    results.setAttribute('aria-busy', 'true');
    // Results on screen stay, dimmed, until the answer; with none, the status says something is
    // happening (a slow connection would otherwise show nothing at all after Enter).
    if (results.hidden) status.textContent = 'Searching\u2026';
    try {
      const { q, tab, page } = state;
      const result = await api.keyword(
        { q, tab, page, pageSize, descriptionSize, rewrite, autoCorrect: autoCorrect && !state.asTyped },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      settle(controller);
      // The service may clamp the page; later Next/Previous count from the page shown.
      state = { ...state, page: result.page };
      render(result);
      emit(root, 'siteseer:results', {
        query: state.q,
        tab: state.tab,
        page: result.page,
        total: result.total,
        tabs: result.tabs.map(({ name, count }) => ({ name, count })),
        hits: result.hits.length,
        took: result.took,
        searchId: result.searchId,
      });
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      settle(controller);
      status.textContent = '';
      correction.hide();
      results.hidden = true;
      reportFailure(root, alert, error);
    }
  }

  // Back from a result (or a reload) shows the search the visitor left; else the page's ?q=.
  const kept = win ? restoreSearch(win, config.clientId, (value) => keptKeywordSearch(value, config)) : null;
  const initial: KeywordState = kept ?? { ...state, q: queryFromPageUrl(root.ownerDocument.location.href) };
  if (initial.q !== '') box.input.value = initial.q;
  return {
    ready: search(initial),
    destroy() {
      box.destroy();
      inflight?.abort();
    },
  };
};
