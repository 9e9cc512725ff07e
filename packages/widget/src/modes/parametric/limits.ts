/*
 * A value of @siteseer/core (constants.ts), repeated here because the widget imports core for
 * types only: core at run time would bring zod to customer pages. limits.test.ts holds it equal.
 */

/** Rows the results download holds at most: the first, in the search's sort. */
export const DOWNLOAD_ROWS_MAX = 100_000;
