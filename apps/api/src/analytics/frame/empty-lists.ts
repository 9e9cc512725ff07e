import type { AnalyticsSummary } from '@siteseer/core';

// What the lists of what visitors did not find say when they are empty: with no searches at all
// an empty list proves nothing, so it says so rather than praising the period.

export const NO_SEARCHES = 'No searches in this period.';

/** The list of searches with no results, empty. */
export function noZeroResultsText(summary: AnalyticsSummary): string {
  return summary.searches === 0 ? NO_SEARCHES : 'Every search found something in this period.';
}

/**
 * The list of queries that found something and were never clicked, empty. It groups by query: a
 * query clicked once is off it however often it was searched unclicked, so it speaks of queries.
 */
export function noUnclickedText(summary: AnalyticsSummary): string {
  if (summary.searches === 0) return NO_SEARCHES;
  if (summary.zeroResultSearches === summary.searches) return 'No search found anything in this period.';
  return 'Every query that found something was clicked at least once in this period.';
}
