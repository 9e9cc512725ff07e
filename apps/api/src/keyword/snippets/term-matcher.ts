import { cachedStemmer, normaliseWord, type Stemmer, stemLanguage } from '../analysis/index.ts';

/**
 * Stem calls a language's cached stemmer answers before it is replaced by a fresh one: its memory
 * of words only grows, and page texts hold every odd word of the web. A few hundred thousand calls
 * keep it small and rarely cold.
 */
const STEMMER_RENEWAL_CALLS = 250_000;

const stemmers = new Map<string, { stem: Stemmer; calls: number }>();

/** The language's cached stemmer, fresh once it has answered its share of calls. */
function heldStemmer(language: string): { stem: Stemmer; calls: number } {
  const key = stemLanguage(language);
  let held = stemmers.get(key);
  if (!held || held.calls >= STEMMER_RENEWAL_CALLS) {
    held = { stem: cachedStemmer(key), calls: 0 };
    stemmers.set(key, held);
  }
  return held;
}

/** Finds which term a page's word is. */
export interface TermMatcher {
  /** The term the text of a word matches (its stem or its normalised form), or undefined. */
  match(text: string): string | undefined;
  /**
   * False when a word cannot match, told from its first character, its length and whether it is
   * all ASCII: no term starts with its first letter, or (ASCII) it is shorter than every term.
   * Lets most of a page's words be skipped without reading them.
   */
  mayMatch(firstCode: number, length: number, ascii: boolean): boolean;
}

/**
 * Matches page words to the terms: a word is a term when its stem (the index's form) or its
 * normalised form is one. A Snowball stem keeps its word's first letter and, for an ASCII word, is
 * never longer than it (both checked over every stemmer in the tests), so a word whose first letter
 * starts no term, or an ASCII word shorter than every term, is neither normalised nor stemmed: most
 * of a page, for a query of a few words.
 */
export function termMatcher(terms: Iterable<string>, language: string): TermMatcher {
  const set = terms instanceof Set ? (terms as ReadonlySet<string>) : new Set(terms);
  const firstChars = new Set<number>();
  for (const term of set) if (term !== '') firstChars.add(term.charCodeAt(0));
  const asciiStarts = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    const lower = code >= 65 && code <= 90 ? code + 32 : code;
    asciiStarts[code] = firstChars.has(lower) ? 1 : 0;
  }
  let shortest = Number.POSITIVE_INFINITY;
  for (const term of set) shortest = Math.min(shortest, term.length);
  const held = heldStemmer(language);
  return {
    match(text) {
      const word = normaliseWord(text);
      if (!firstChars.has(word.charCodeAt(0))) return undefined;
      held.calls++;
      const stemmed = held.stem(word);
      if (set.has(stemmed)) return stemmed;
      return set.has(word) ? word : undefined;
    },
    mayMatch(firstCode, length, ascii) {
      if (firstCode < 128 && asciiStarts[firstCode] === 0) return false;
      return !ascii || length >= shortest;
    },
  };
}
