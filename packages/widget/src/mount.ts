import { isAbort } from './api/errors.ts';
import type { FetchLike, SearchApi } from './api/search-api.ts';
import { createSearchApi } from './api/search-api.ts';
import { h } from './dom/element.ts';
import { reportFailure } from './failure.ts';
import {
  type KeywordOptions,
  type ModeContext,
  type ModeInstance,
  mountRedirectBox,
  startMode,
} from './modes/index.ts';
import { injectStyles } from './styles/inject-styles.ts';

export interface MountOptions extends KeywordOptions {
  /** The search client's id (one per engine). */
  clientId: string;
  /** Where the search service lives, e.g. `https://search.example.com` (no trailing path needed). */
  apiBase: string;
  /** Results per page, 1 to 100. Default 20 (parametric) or 10 (keyword). */
  pageSize?: number;
  /** Quiet time after typing before searching (parametric) or suggesting (keyword), in ms. Default 250. */
  debounceMs?: number;
  /** Inject the stylesheet into `<head>`. Default true; false when the site links siteseer-widget.css. */
  injectStyles?: boolean;
  /** Pins the colour scheme; by default it follows the visitor's `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** CSP nonce for the injected `<style>`. */
  nonce?: string;
  /** Replaces `window.fetch` (tests, proxies). */
  fetch?: FetchLike;
}

export interface WidgetHandle {
  /** The widget's root element (`.siteseer`); client events are dispatched on it. */
  readonly root: HTMLElement;
  /** Settles once the first results, or the error message, are on screen. Never rejects. */
  readonly ready: Promise<void>;
  /** Stops pending work and removes the widget. */
  destroy(): void;
}

const MAX_PAGE_SIZE = 100;
const DEFAULT_DEBOUNCE_MS = 250;

const mounted = new WeakMap<Element, WidgetHandle>();

function pageSizeOf(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(value)));
}

/** Checks the options, injects the styles and builds what every mode gets. */
function prepare(
  doc: Document,
  options: MountOptions,
  caller: string,
): { api: SearchApi; context: ModeContext } {
  if (typeof options.clientId !== 'string' || options.clientId === '') {
    throw new TypeError(`Siteseer.${caller}: clientId is required`);
  }
  if (typeof options.apiBase !== 'string' || options.apiBase === '') {
    throw new TypeError(`Siteseer.${caller}: apiBase is required`);
  }
  if (options.injectStyles !== false) injectStyles(doc, options.nonce);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const api = createSearchApi(options.apiBase, options.clientId, fetchImpl);
  const {
    clientId: _c,
    apiBase: _a,
    pageSize,
    debounceMs,
    injectStyles: _i,
    theme,
    nonce: _n,
    fetch: _f,
    ...keyword
  } = options;
  return {
    api,
    context: {
      api,
      pageSize: pageSizeOf(pageSize),
      debounceMs: debounceMs ?? DEFAULT_DEBOUNCE_MS,
      theme,
      keyword,
    },
  };
}

/**
 * Renders the search widget of `options.clientId` into `element`, replacing its content. Mounting
 * an element twice returns the first handle, so a script included twice does no harm.
 */
export function mount(element: Element, options: MountOptions): WidgetHandle {
  const existing = mounted.get(element);
  if (existing) return existing;
  const { api, context } = prepare(element.ownerDocument, options, 'mount');

  const status = h('p', { class: 'siteseer-status', role: 'status' }, 'Loading\u2026');
  const alert = h('p', { class: 'siteseer-error', role: 'alert', hidden: true });
  const root = h('div', { class: 'siteseer', 'data-siteseer-theme': options.theme }, status, alert);
  element.replaceChildren(root);

  const loading = new AbortController();
  let instance: ModeInstance | undefined;

  const start = async () => {
    try {
      const config = await api.config(loading.signal);
      if (loading.signal.aborted) return;
      instance = startMode(root, config, context);
      await instance.ready;
    } catch (error) {
      if (loading.signal.aborted || isAbort(error)) return;
      status.textContent = '';
      reportFailure(root, alert, error);
    }
  };

  const handle: WidgetHandle = {
    root,
    ready: start(),
    destroy() {
      loading.abort();
      instance?.destroy();
      root.remove();
      mounted.delete(element);
    },
  };
  mounted.set(element, handle);
  return handle;
}

/**
 * Attaches a keyword engine's search box to `input` on a page that shows no results: suggestions
 * as you type, and Enter goes to `options.redirectPage` with the query in `?q=`. No config call:
 * only keyword engines have a search box of their own.
 */
export function mountSearchBox(input: HTMLInputElement, options: MountOptions): WidgetHandle {
  const existing = mounted.get(input);
  if (existing) return existing;
  const { context } = prepare(input.ownerDocument, options, 'mountSearchBox');
  const box = mountRedirectBox(input, context);
  const handle: WidgetHandle = {
    root: box.root,
    ready: Promise.resolve(),
    destroy() {
      box.destroy();
      mounted.delete(input);
    },
  };
  mounted.set(input, handle);
  return handle;
}
