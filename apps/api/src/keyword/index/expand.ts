import { cachedStemmer, type Stemmer } from '../analysis/index.ts';
import type { QuerySlot } from '../backend.ts';
import type { IndexData } from './index-data.ts';
import { lowerBound, prefixRange, similarWords } from './vocabulary.ts';

/** An indexed term a query word matches, and what a match of it is worth relative to the word. */
export interface Expansion {
  term: number;
  weight: number;
}

/** A slot's alternative with its words' terms: one list per word. */
export interface ExpandedAlternative {
  words: Expansion[][];
  weight: number;
}

/** An indexed word near a typed one: its place in `IndexData.surfaces`, and the typos between them. */
export interface NearWord {
  surface: number;
  distance: number;
}

export interface ExpandedSlot {
  alternatives: ExpandedAlternative[];
  /** Matches only where its words follow each other (a quoted phrase). */
  phrase: boolean;
}

/**
 * What an indexed word the typed word is only the start of is worth, against the typed word: less
 * when the typed word is itself a word of the pages ('3.11' typed whole, not '3.11.2').
 */
const PREFIX_WEIGHT = 0.85;
const PREFIX_OF_WORD_WEIGHT = 0.6;
/** What a word one or two typos away is worth. */
const TYPO_WEIGHTS = [1, 0.7, 0.45];
const MAX_PREFIX_TERMS = 4;
const MAX_TYPO_TERMS = 6;
/** Typos are tolerated in words of at least 4 characters (one) and 8 (two), as established engines do. */
const ONE_TYPO_FROM = 4;
const TWO_TYPOS_FROM = 8;

/** Whether a typed word may have typos: four letters or more, and letters only. */
function typoable(word: string): boolean {
  return word.length >= ONE_TYPO_FROM && /^\p{L}+$/u.test(word);
}

export class QueryExpander {
  readonly #data: IndexData;
  readonly #stemmers: Stemmer[];
  /** Expansions already found, by word: visitors type the same beginnings and misspellings. */
  readonly #prefixes = new Map<string, number[]>();
  readonly #typos = new Map<string, Expansion[]>();
  #letters: string[] | undefined;

  constructor(data: IndexData) {
    this.#data = data;
    this.#stemmers = (data.languages.length > 0 ? data.languages : ['en']).map((l) => cachedStemmer(l));
  }

  /** The terms of a whole word: its stem in each language of the pages, and the word itself. */
  exact(word: string): number[] {
    const terms = new Set<number>();
    for (const stem of this.#stemmers) {
      const term = this.#data.vocabulary.get(stem(word));
      if (term !== undefined) terms.add(term);
    }
    const bare = this.#data.vocabulary.get(word);
    if (bare !== undefined) terms.add(bare);
    return [...terms];
  }

  /** The terms of indexed words starting with `word`, the most frequent first. */
  prefix(word: string): number[] {
    return remembered(this.#prefixes, word, () => this.#prefix(word));
  }

  #prefix(word: string): number[] {
    const data = this.#data;
    const [from, to] = prefixRange(data.surfaces, word);
    const terms = new Set<number>();
    for (let i = from; i < to; i++) terms.add(data.surfaceTerms[i] as number);
    return [...terms]
      .sort((a, b) => (data.frequencies[b] as number) - (data.frequencies[a] as number))
      .slice(0, MAX_PREFIX_TERMS);
  }

  /**
   * The terms of indexed words a typo or two away from `word` (none for short words, see
   * `nearWords`), the most frequent first, each weighed by its typos.
   */
  typos(word: string): Expansion[] {
    if (!typoable(word)) return [];
    return remembered(this.#typos, word, () => this.#typosOf(word));
  }

  #typosOf(word: string): Expansion[] {
    const data = this.#data;
    const best = new Map<number, number>();
    for (const { surface, distance } of this.nearWords(word)) {
      const term = data.surfaceTerms[surface] as number;
      const known = best.get(term);
      if (known === undefined || distance < known) best.set(term, distance);
    }
    return [...best]
      .sort(([a], [b]) => (data.frequencies[b] as number) - (data.frequencies[a] as number))
      .slice(0, MAX_TYPO_TERMS)
      .map(([term, distance]) => ({ term, weight: TYPO_WEIGHTS[distance] ?? 0 }));
  }

  /**
   * The indexed words (their places in `surfaces`) a typo or two away from `word`, counted as
   * Meilisearch counts them: none for words shorter than four letters or holding other characters;
   * a typo on the first letter is two typos, so words of one-typo length never change their first
   * letter and longer ones may, once. Words one typo away, when there are some, make two typos
   * needless (as ranking by typos does). The walks look at the words of the typed first letter only
   * (a twentieth of the vocabulary; Lucene's prefix length 1); the first letter's edits are looked
   * up directly. Matching (`typos`) and corrections (correct.ts) share this one budget.
   */
  nearWords(word: string): NearWord[] {
    if (!typoable(word)) return [];
    const data = this.#data;
    const found = new Map<number, number>();
    const collect = (surface: number, distance: number) => {
      if (distance > 0 && !found.has(surface)) found.set(surface, distance);
    };
    const first = String.fromCodePoint(word.codePointAt(0) as number);
    const sameFirst = prefixRange(data.surfaces, first);
    similarWords(data.surfaces, data.surfaceCode, word, 1, collect, sameFirst);
    if (found.size === 0 && word.length >= TWO_TYPOS_FROM) {
      similarWords(data.surfaces, data.surfaceCode, word, 2, collect, sameFirst);
      for (const variant of firstLetterEdits(word, first, this.#firstLetters())) {
        const index = lowerBound(data.surfaces, variant);
        if (data.surfaces[index] === variant) collect(index, 2);
      }
    }
    return [...found].map(([surface, distance]) => ({ surface, distance }));
  }

  /** The first letters of the vocabulary's words, found by jumping from one letter's range to the next. */
  #firstLetters(): string[] {
    if (this.#letters === undefined) {
      const surfaces = this.#data.surfaces;
      const letters: string[] = [];
      for (let index = 0; index < surfaces.length; ) {
        const letter = String.fromCodePoint((surfaces[index] as string).codePointAt(0) as number);
        letters.push(letter);
        index = prefixRange(surfaces, letter)[1];
      }
      this.#letters = letters;
    }
    return this.#letters;
  }

  /**
   * The slots' words as terms. A single typed word (weight 1) may also match by prefix (the slot's
   * last word) and, with `typos`, by a near word; words of several-word alternatives match exactly.
   */
  expand(slots: readonly QuerySlot[], typos: boolean): ExpandedSlot[] {
    return slots.map((slot) => ({
      phrase: slot.phrase === true,
      alternatives: slot.alternatives.map((alternative) => {
        const single = alternative.words.length === 1 && !slot.phrase;
        return {
          weight: alternative.weight,
          words: alternative.words.map((word) => {
            const found = new Map<number, number>();
            const add = (term: number, weight: number) => {
              if ((found.get(term) ?? 0) < weight) found.set(term, weight);
            };
            const exact = this.exact(word);
            for (const term of exact) add(term, 1);
            const prefixWeight = exact.length > 0 ? PREFIX_OF_WORD_WEIGHT : PREFIX_WEIGHT;
            if (single && slot.prefix) for (const term of this.prefix(word)) add(term, prefixWeight);
            if (single && typos && alternative.weight === 1) {
              // A word of the pages is taken for a typo of a more common word only ('form' typed
              // for 'from'), never of a rarer one: 'list' is not 'lisa', whose rarity would
              // otherwise score it above the word typed.
              const typed = Math.max(0, ...exact.map((term) => this.#data.frequencies[term] as number));
              for (const { term, weight } of this.typos(word))
                if ((this.#data.frequencies[term] as number) > typed) add(term, weight);
            }
            return [...found].map(([term, weight]) => ({ term, weight }));
          }),
        };
      }),
    }));
  }
}

/** Words whose expansions an index remembers; past it, it starts over. */
const REMEMBERED_WORDS = 5000;

function remembered<V>(memory: Map<string, V>, word: string, find: () => V): V {
  let found = memory.get(word);
  if (found === undefined) {
    found = find();
    if (memory.size >= REMEMBERED_WORDS) memory.clear();
    memory.set(word, found);
  }
  return found;
}

/**
 * The words one edit of its first letter away from `word` (whose first letter is `first`): that
 * letter replaced by, or preceded by, each of `letters`, dropped, or swapped with the next.
 */
export function firstLetterEdits(word: string, first: string, letters: readonly string[]): string[] {
  const rest = word.slice(first.length);
  const edits = [rest];
  const second = String.fromCodePoint(rest.codePointAt(0) as number);
  if (second !== first) edits.push(`${second}${first}${rest.slice(second.length)}`);
  for (const letter of letters) {
    if (letter !== first) edits.push(`${letter}${rest}`);
    edits.push(`${letter}${word}`);
  }
  return edits;
}

/** Whether typos could add anything to these slots (a typed word long enough to have one). */
export function typosPossible(slots: readonly QuerySlot[]): boolean {
  return slots.some(
    (slot) =>
      !slot.phrase &&
      slot.alternatives.some(
        (a) => a.weight === 1 && a.words.length === 1 && (a.words[0] ?? '').length >= ONE_TYPO_FROM,
      ),
  );
}
