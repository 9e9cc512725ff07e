import {
  DEFAULT_DESCRIPTION_SIZE,
  DEFAULT_RESULTS_PER_PAGE,
  type RESULTS_PER_PAGE_OPTIONS,
} from '@siteseer/core';

/** The keyword search box options of the install page (spec section 2, Install page). */
export interface KeywordInstallOptions {
  resultsPerPage: (typeof RESULTS_PER_PAGE_OPTIONS)[number];
  /** A results page to send searches to; empty: results show on the page of the search box. */
  redirectPage: string;
  /** CSS selector of the search input the widget attaches to (the Input tag carries it). */
  selector: string;
  placeholder: string;
  noResultsText: string;
  /** Characters of each result's description. */
  descriptionSize: number;
  /** Whether the engine's URL rewrite rules apply to result links. */
  urlRewriting: boolean;
  /** Whether an empty search box lists the most searched queries when it gets focus. */
  popularOnFocus: boolean;
  /**
   * Whether a query no page matches is answered with the engine's correction ("Showing results
   * for …"); off, the correction is only offered ("Did you mean …?").
   */
  autoCorrect: boolean;
}

export const DEFAULT_KEYWORD_INSTALL_OPTIONS: KeywordInstallOptions = {
  resultsPerPage: DEFAULT_RESULTS_PER_PAGE,
  redirectPage: '',
  selector: '#siteseer-search-input',
  placeholder: 'Search',
  noResultsText: 'No results found.',
  descriptionSize: DEFAULT_DESCRIPTION_SIZE,
  urlRewriting: false,
  popularOnFocus: false,
  autoCorrect: true,
};

/** The widget bundle, served by the API (apps/api routes/widget.ts); the same as the parametric snippet's. */
export const WIDGET_SCRIPT_PATH = '/widget/siteseer-widget.js';

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The input tag's id or class, read from a simple `#id` or `.class` selector. */
function selectorAttribute(selector: string): string {
  const trimmed = selector.trim();
  if (/^#[A-Za-z][\w-]*$/.test(trimmed)) return ` id="${trimmed.slice(1)}"`;
  if (/^\.[A-Za-z][\w-]*$/.test(trimmed)) return ` class="${trimmed.slice(1)}"`;
  return '';
}

/** The site root the widget talks to: the API base without its `/api` (as the snippet call gives it). */
export function widgetBase(apiBase: string): string {
  return apiBase.replace(/\/+$/, '').replace(/\/api$/, '');
}

/**
 * The three snippets of a keyword engine's search box: Script (head), Input tag and Results tag
 * (body). They follow the parametric snippet's conventions (`data-siteseer-client`,
 * `data-siteseer-api`, `[data-siteseer-results]`) and carry the options as `data-siteseer-*`.
 */
export function keywordSnippets(
  apiBase: string,
  clientId: string,
  options: KeywordInstallOptions,
): { script: string; input: string; results: string } {
  const base = widgetBase(apiBase);
  const selector = options.selector.trim() || DEFAULT_KEYWORD_INSTALL_OPTIONS.selector;
  const attributes: [string, string][] = [
    ['data-siteseer-client', clientId],
    ['data-siteseer-api', base],
    ['data-siteseer-input', selector],
    ['data-siteseer-results-per-page', String(options.resultsPerPage)],
    ['data-siteseer-placeholder', options.placeholder],
    ['data-siteseer-no-results-text', options.noResultsText],
    ['data-siteseer-description-size', String(options.descriptionSize)],
    ['data-siteseer-url-rewriting', String(options.urlRewriting)],
  ];
  // On is the widget's default: the attribute is written only to turn it off.
  if (!options.autoCorrect) attributes.push(['data-siteseer-auto-correct', 'false']);
  if (options.redirectPage.trim())
    attributes.push(['data-siteseer-redirect-page', options.redirectPage.trim()]);
  // Off by default, and then not written: the widget's default is off too.
  if (options.popularOnFocus) attributes.push(['data-siteseer-popular-on-focus', 'true']);
  const attributeText = attributes.map(([name, value]) => `\n  ${name}="${escapeAttribute(value)}"`).join('');
  const label = escapeAttribute(options.placeholder || 'Search');
  return {
    script: `<script src="${base}${WIDGET_SCRIPT_PATH}" defer${attributeText}></script>`,
    input: `<input type="search"${selectorAttribute(selector)} placeholder="${escapeAttribute(options.placeholder)}" aria-label="${label}">`,
    results: '<div data-siteseer-results></div>',
  };
}
