import { cachedStemmer, type Stemmer, stemLanguage } from '../analysis/index.ts';
import type { QuerySlot } from '../backend.ts';

/** One stemmer per language, for query words and the checks of snippet tables (its memory is bounded). */
const stemmers = new Map<string, Stemmer>();

export function stemmerOf(language: string): Stemmer {
  const primary = stemLanguage(language);
  let stem = stemmers.get(primary);
  if (!stem) {
    stem = cachedStemmer(primary);
    stemmers.set(primary, stem);
  }
  return stem;
}

/**
 * The words of the query (synonyms included) and their stems in the page's language: what a
 * snippet marks when the backend named no matched terms (a pinned page).
 */
export function queryTerms(slots: readonly QuerySlot[], language: string): string[] {
  const stem = stemmerOf(language);
  const terms = new Set<string>();
  for (const slot of slots) {
    for (const alternative of slot.alternatives) {
      for (const word of alternative.words) {
        terms.add(word);
        terms.add(stem(word));
      }
    }
  }
  return [...terms];
}
