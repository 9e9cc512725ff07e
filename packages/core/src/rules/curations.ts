import type { ResultRankingEntry } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import { saveResultRankingEntry } from './result-ranking-entry.ts';
import { fail, ok, type RuleResult } from './rule-result.ts';

/** How a curation changes a query's entry: URLs pinned (after the pinned ones), hidden, or removed. */
export type CurationChange =
  | { pin: readonly string[] }
  | { hide: readonly string[] }
  | { remove: readonly string[] };

function sameQuery(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Changes one query's curation, as `siteseer engines curations` does: pinning moves a hidden URL to
 * the pins (and hiding a pinned one to the hidden list), so a URL is never both; removing no URL
 * removes the whole entry. A query without an entry gets one; an entry left with no URL is removed.
 * Removing from a query without an entry is refused.
 */
export function curate(
  entries: readonly ResultRankingEntry[],
  query: string,
  change: CurationChange,
): RuleResult<ResultRankingEntry[]> {
  const at = entries.findIndex((entry) => sameQuery(entry.query, query));
  const entry = entries[at];
  if (!entry && 'remove' in change) return fail(MESSAGES.rankingEntryNotFound);
  const urls = (list: readonly string[]) => list.map((url) => url.trim());
  const results = entry?.results ?? [];
  const hidden = entry?.hidden ?? [];
  let next: { results: string[]; hidden: string[] };
  if ('pin' in change) {
    const pin = urls(change.pin);
    next = { results: [...results, ...pin], hidden: hidden.filter((url) => !pin.includes(url)) };
  } else if ('hide' in change) {
    const hide = urls(change.hide);
    next = { results: results.filter((url) => !hide.includes(url)), hidden: [...hidden, ...hide] };
  } else if (change.remove.length === 0) {
    next = { results: [], hidden: [] };
  } else {
    const remove = urls(change.remove);
    next = {
      results: results.filter((url) => !remove.includes(url)),
      hidden: hidden.filter((url) => !remove.includes(url)),
    };
  }
  if (entry && next.results.length === 0 && next.hidden.length === 0)
    return ok(entries.filter((_, index) => index !== at));
  return saveResultRankingEntry(entries, { query: entry?.query ?? query, ...next }, entry?.query);
}
