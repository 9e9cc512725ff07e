import type { CharacterMapping, KeywordClientSettings } from '@siteseer/core';
import { normaliseQuery } from './parse-query.ts';

type PinSettings = Pick<KeywordClientSettings, 'resultRanking'>;
type Entries = KeywordClientSettings['resultRanking']['entries'];

/** A query's curation: the URLs pinned above its results, and those never shown for it. */
interface Curation {
  pinned: string[];
  hidden: string[];
}

const cache = new WeakMap<
  Entries,
  { mappings: readonly CharacterMapping[]; byQuery: Map<string, Curation> }
>();

function addUrls(to: string[], urls: readonly string[]): void {
  for (const result of urls) {
    const url = result.trim();
    if (url !== '' && !to.includes(url)) to.push(url);
  }
}

/** The curations by normalised query: entries of one query (in any spelling) add up, in order. */
function curationsByQuery(entries: Entries, mappings: readonly CharacterMapping[]): Map<string, Curation> {
  const known = cache.get(entries);
  if (known && known.mappings === mappings) return known.byQuery;
  const byQuery = new Map<string, Curation>();
  for (const entry of entries) {
    const query = normaliseQuery(entry.query, mappings);
    if (query === '') continue;
    const curation = byQuery.get(query) ?? { pinned: [], hidden: [] };
    addUrls(curation.pinned, entry.results);
    addUrls(curation.hidden, entry.hidden ?? []);
    byQuery.set(query, curation);
  }
  // A URL both pinned and hidden (by two entries of one query) is hidden: never shown wins.
  for (const curation of byQuery.values())
    curation.pinned = curation.pinned.filter((url) => !curation.hidden.includes(url));
  cache.set(entries, { mappings, byQuery });
  return byQuery;
}

function curationOf(settings: PinSettings, normalised: string, mappings: readonly CharacterMapping[]) {
  if (!settings.resultRanking.enabled || normalised === '') return undefined;
  return curationsByQuery(settings.resultRanking.entries, mappings).get(normalised);
}

/**
 * The URLs the result ranking pins above the ranked results for a query (`normalised` as
 * `parseKeywordQuery` gives it), in order and without repeats (and without those it hides); none
 * when result ranking is off. Entry queries are normalised the same way, with the same character
 * mapping, so 'Ω Resistors' pins for the query 'ohm resistors'.
 */
export function pinnedUrls(
  settings: PinSettings,
  normalised: string,
  mappings: readonly CharacterMapping[] = [],
): string[] {
  return [...(curationOf(settings, normalised, mappings)?.pinned ?? [])];
}

/**
 * The URLs the result ranking hides from a query's results (read as `pinnedUrls` reads pins): left
 * out of every tab, page and count; none when result ranking is off.
 */
export function hiddenUrls(
  settings: PinSettings,
  normalised: string,
  mappings: readonly CharacterMapping[] = [],
): string[] {
  return [...(curationOf(settings, normalised, mappings)?.hidden ?? [])];
}
