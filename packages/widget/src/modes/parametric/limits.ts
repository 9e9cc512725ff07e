/*
 * A value of @siteseer/core (constants.ts), repeated here from when the widget imported core for
 * types only (ADR 0005, since amended). limits.test.ts holds it equal.
 */

/** Rows the results download holds at most: the first, in the search's sort. */
export const DOWNLOAD_ROWS_MAX = 100_000;
