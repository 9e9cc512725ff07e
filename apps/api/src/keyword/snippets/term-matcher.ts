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

/**
 * Languages whose stemmers may change a word's second letter: Finnish undoubles a short word's
 * consonants ('tty' → 'ty'). The others only change what follows a word's first vowel and
 * consonant, never its first two letters (checked over every stemmer in the tests).
 */
const SECOND_LETTER_CHANGES = new Set(['fi']);

/** Finds which term a page's word is. */
export interface TermMatcher {
  /** The term the text of a word matches (its stem or its normalised form), or undefined. */
  match(text: string): string | undefined;
  /**
   * False when a word cannot match, told from its first two characters (`second` NaN for a word
   * of one), its length and whether it is all ASCII: no term starts with its first letter or (ASCII
   * word) its first two, or (ASCII) it is shorter than every term. Lets most of a page's words be
   * skipped without reading them.
   */
  mayMatch(first: number, second: number, length: number, ascii: boolean): boolean;
}

const lower = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * Matches page words to the terms: a word is a term when its stem (the index's form) or its
 * normalised form is one. A Snowball stem keeps its word's first letter (and, but in the languages
 * of SECOND_LETTER_CHANGES, its first two) and, for an ASCII word, is never longer than it (all
 * checked over every stemmer in the tests), so a word whose first letters start no term, or an
 * ASCII word shorter than every term, is neither normalised nor stemmed: most of a page, for a
 * query of a few words.
 */
export function termMatcher(terms: Iterable<string>, language: string): TermMatcher {
  // A search marks the same terms in each of its results: one matcher for them all.
  let byLanguage = matchers.get(terms);
  if (!byLanguage) {
    byLanguage = new Map();
    matchers.set(terms, byLanguage);
  }
  let matcher = byLanguage.get(language);
  if (!matcher) {
    matcher = newMatcher(terms, language);
    byLanguage.set(language, matcher);
  }
  return matcher;
}

const matchers = new WeakMap<Iterable<string>, Map<string, TermMatcher>>();

function newMatcher(terms: Iterable<string>, language: string): TermMatcher {
  const set = terms instanceof Set ? (terms as ReadonlySet<string>) : new Set(terms);
  const firstChars = new Set<number>();
  for (const term of set) if (term !== '') firstChars.add(term.charCodeAt(0));
  const asciiStarts = new Uint8Array(128);
  for (let code = 0; code < 128; code++) asciiStarts[code] = firstChars.has(lower(code)) ? 1 : 0;
  // The first two letters of the terms (ASCII, lower case), at first · 128 + second; a first
  // letter whose terms cannot all be told by two (a term of one letter, or a second letter past
  // ASCII) is `loose`: words starting with it are matched in full.
  const pairs = new Uint8Array(128 * 128);
  const loose = new Uint8Array(128);
  const pairsHold = !SECOND_LETTER_CHANGES.has(stemLanguage(language));
  for (const term of set) {
    const first = term.charCodeAt(0);
    if (first >= 128) continue;
    const second = term.charCodeAt(1);
    if (!pairsHold || !(second < 128)) loose[first] = 1;
    else pairs[first * 128 + second] = 1;
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
    mayMatch(first, second, length, ascii) {
      if (first >= 128) return true;
      if (asciiStarts[first] === 0) return false;
      if (!ascii) return true;
      if (length < shortest) return false;
      const start = lower(first);
      return loose[start] === 1 || pairs[start * 128 + lower(second)] === 1;
    },
  };
}
