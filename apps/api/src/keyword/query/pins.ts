import type { CharacterMapping, KeywordClientSettings } from '@siteseer/core';
import { normaliseQuery } from './parse-query.ts';

type PinSettings = Pick<KeywordClientSettings, 'resultRanking'>;
type Entries = KeywordClientSettings['resultRanking']['entries'];

const cache = new WeakMap<
  Entries,
  { mappings: readonly CharacterMapping[]; byQuery: Map<string, string[]> }
>();

/** The pinned URLs by normalised query: entries of one query (in any spelling) add up, in order. */
function pinsByQuery(entries: Entries, mappings: readonly CharacterMapping[]): Map<string, string[]> {
  const known = cache.get(entries);
  if (known && known.mappings === mappings) return known.byQuery;
  const byQuery = new Map<string, string[]>();
  for (const entry of entries) {
    const query = normaliseQuery(entry.query, mappings);
    if (query === '') continue;
    const urls = byQuery.get(query) ?? [];
    for (const result of entry.results) {
      const url = result.trim();
      if (url !== '' && !urls.includes(url)) urls.push(url);
    }
    byQuery.set(query, urls);
  }
  cache.set(entries, { mappings, byQuery });
  return byQuery;
}

/**
 * The URLs the result ranking pins above the ranked results for a query (`normalised` as
 * `parseKeywordQuery` gives it), in order and without repeats; none when result ranking is off.
 * Entry queries are normalised the same way, with the same character mapping, so 'Ω Resistors'
 * pins for the query 'ohm resistors'.
 */
export function pinnedUrls(
  settings: PinSettings,
  normalised: string,
  mappings: readonly CharacterMapping[] = [],
): string[] {
  if (!settings.resultRanking.enabled || normalised === '') return [];
  return [...(pinsByQuery(settings.resultRanking.entries, mappings).get(normalised) ?? [])];
}
