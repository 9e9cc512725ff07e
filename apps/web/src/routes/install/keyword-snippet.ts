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
}

export const DEFAULT_KEYWORD_INSTALL_OPTIONS: KeywordInstallOptions = {
  resultsPerPage: DEFAULT_RESULTS_PER_PAGE,
  redirectPage: '',
  selector: '#siteseer-search-input',
  placeholder: 'Search',
  noResultsText: 'No results found.',
  descriptionSize: DEFAULT_DESCRIPTION_SIZE,
  urlRewriting: false,
};

/** Where the widget bundle is served from: the API's origin (Siteseer's decision, shared with the widget). */
export const WIDGET_SCRIPT_PATH = '/widget/siteseer.js';
const RESULTS_ID = 'siteseer-results';

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

/** The three snippets of a keyword engine's search box: Script (head), Input tag and Results tag (body). */
export function keywordSnippets(
  apiBase: string,
  clientId: string,
  options: KeywordInstallOptions,
): { script: string; input: string; results: string } {
  const origin = new URL(apiBase).origin;
  const attributes: [string, string][] = [
    ['data-client-id', clientId],
    ['data-engine-type', 'kw'],
    ['data-api-base', apiBase],
    ['data-input-selector', options.selector.trim() || DEFAULT_KEYWORD_INSTALL_OPTIONS.selector],
    ['data-results-selector', `#${RESULTS_ID}`],
    ['data-results-per-page', String(options.resultsPerPage)],
    ['data-placeholder', options.placeholder],
    ['data-no-results-text', options.noResultsText],
    ['data-description-size', String(options.descriptionSize)],
    ['data-url-rewriting', String(options.urlRewriting)],
  ];
  if (options.redirectPage.trim()) attributes.push(['data-redirect-page', options.redirectPage.trim()]);
  const attributeText = attributes.map(([name, value]) => `\n  ${name}="${escapeAttribute(value)}"`).join('');
  return {
    script: `<script src="${origin}${WIDGET_SCRIPT_PATH}" defer${attributeText}></script>`,
    input: `<input type="search"${selectorAttribute(options.selector)} placeholder="${escapeAttribute(options.placeholder)}" aria-label="${escapeAttribute(options.placeholder || 'Search')}">`,
    results: `<div id="${RESULTS_ID}"></div>`,
  };
}
