/*
 * Values of @siteseer/core (domain/keyword-search.ts, constants.ts), repeated here because those
 * modules build zod schemas: importing them at run time would bring zod to customer pages.
 * limits.test.ts holds them equal.
 */

/** The fixed first tab: every result. */
export const ALL_TAB = 'all';
export const KEYWORD_QUERY_MAX = 500;
/** Results pages a search may ask for. */
export const KEYWORD_PAGE_MAX = 100;
export const DEFAULT_RESULTS_PER_PAGE = 10;
export const DESCRIPTION_SIZE_MIN = 50;
export const DESCRIPTION_SIZE_MAX = 2000;
/** The install page's default no-results text. */
export const DEFAULT_NO_RESULTS_TEXT = 'No results found.';
