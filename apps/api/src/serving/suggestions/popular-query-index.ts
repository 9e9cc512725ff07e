import type { PopularQuery } from '../../repositories/popular-queries.ts';
import { BlockList } from './block-list.ts';
import { suggestionWords } from './suggestion-words.ts';

/**
 * Candidates gathered from the posting lists of the prefix's words at most; past it the queries
 * are scanned in rank order instead, which finds enough matches early when so many match.
 */
const GATHER_MAX = 4096;

/**
 * An engine's popular queries, searchable by what a visitor types: every typed word must be a word
 * of the query, the last (still being typed) a prefix of one. Queries are numbered in rank order
 * (most searched first), so the first matches found in that order are the answer. Words are
 * numbered in sorted order: a prefix is a range of word numbers, whose posting lists (the queries
 * holding each word, in rank order) give the candidates. Typed arrays hold it all, so 100k
 * queries take a few MB and one look-up a few microseconds to a millisecond.
 */
export class PopularQueryIndex {
  readonly blockList: BlockList;
  readonly #queries: string[];
  /** Sorted distinct words; a word's number is its place here. */
  readonly #vocabulary: string[];
  /** Each query's word numbers: those of query q are wordsOf[wordStart[q] .. wordStart[q + 1]). */
  readonly #wordStart: Uint32Array;
  readonly #wordsOf: Uint32Array;
  /** Each word's queries in rank order: those of word w are postings[postingStart[w] .. postingStart[w + 1]). */
  readonly #postingStart: Uint32Array;
  readonly #postings: Uint32Array;
  readonly bytes: number;

  /** `ranked`: most searched first; those holding a blocked term are left out here, once. */
  constructor(ranked: readonly PopularQuery[], blockedTerms: readonly string[]) {
    this.blockList = new BlockList(blockedTerms);
    const kept: { query: string; words: string[] }[] = [];
    for (const { query } of ranked) {
      const words = [...new Set(suggestionWords(query))];
      if (words.length > 0 && !this.blockList.blocks(suggestionWords(query))) kept.push({ query, words });
    }
    this.#queries = kept.map((entry) => entry.query);
    this.#vocabulary = [...new Set(kept.flatMap((entry) => entry.words))].sort();
    const numberOf = new Map(this.#vocabulary.map((word, n) => [word, n]));

    this.#wordStart = new Uint32Array(kept.length + 1);
    const total = kept.reduce((sum, entry) => sum + entry.words.length, 0);
    this.#wordsOf = new Uint32Array(total);
    const counts = new Uint32Array(this.#vocabulary.length + 1);
    let at = 0;
    kept.forEach((entry, q) => {
      this.#wordStart[q] = at;
      for (const word of entry.words) {
        const n = numberOf.get(word) as number;
        this.#wordsOf[at++] = n;
        counts[n + 1] = (counts[n + 1] as number) + 1;
      }
    });
    this.#wordStart[kept.length] = at;

    // Posting lists in word order, each filled in rank order as the queries come.
    this.#postingStart = new Uint32Array(this.#vocabulary.length + 1);
    for (let w = 0; w < this.#vocabulary.length; w++) {
      this.#postingStart[w + 1] = (this.#postingStart[w] as number) + (counts[w + 1] as number);
    }
    this.#postings = new Uint32Array(total);
    const next = this.#postingStart.slice(0, this.#vocabulary.length);
    for (let q = 0; q < kept.length; q++) {
      for (let i = this.#wordStart[q] as number; i < (this.#wordStart[q + 1] as number); i++) {
        const w = this.#wordsOf[i] as number;
        this.#postings[next[w] as number] = q;
        next[w] = (next[w] as number) + 1;
      }
    }
    const textBytes = kept.reduce((sum, entry) => sum + 2 * entry.query.length + 40, 0);
    const wordBytes = this.#vocabulary.reduce((sum, word) => sum + 2 * word.length + 40, 0);
    this.bytes = textBytes + wordBytes + 8 * total + 8 * kept.length + 4 * this.#vocabulary.length;
  }

  /** Queries kept (those not blocked). */
  get size(): number {
    return this.#queries.length;
  }

  /**
   * The most searched queries holding what was typed, at most `limit`: every word typed, the last
   * as a prefix unless the text ends with a space. Nothing typed: the most searched ones.
   */
  match(typed: string, limit: number): string[] {
    const words = suggestionWords(typed);
    if (words.length === 0) return this.#queries.slice(0, limit);
    const prefix = /[\p{L}\p{N}]$/u.test(typed) ? (words.pop() as string) : undefined;
    const exact: number[] = [];
    for (const word of new Set(words)) {
      const n = this.#numberOf(word);
      if (n === undefined) return [];
      exact.push(n);
    }
    const range = prefix === undefined ? undefined : this.#prefixRange(prefix);
    if (range && range[0] === range[1]) return [];
    const matches = (q: number) => this.#holds(q, exact, range);

    // The smallest source of candidates: a typed word's posting list, or the prefix's.
    let best: number | undefined;
    for (const n of exact)
      if (best === undefined || this.#postingCount(n) < this.#postingCount(best)) best = n;
    const prefixCount = range ? this.#rangeCount(range) : Number.POSITIVE_INFINITY;
    if (best !== undefined && this.#postingCount(best) <= prefixCount) {
      return this.#take(
        this.#postings.subarray(this.#postingStart[best], this.#postingStart[best + 1]),
        matches,
        limit,
      );
    }
    if (range && prefixCount <= GATHER_MAX) {
      const candidates = this.#postings
        .slice(this.#postingStart[range[0]], this.#postingStart[range[1]])
        .sort();
      return this.#take(candidates, matches, limit);
    }
    const found: string[] = [];
    for (let q = 0; q < this.#queries.length && found.length < limit; q++) {
      if (matches(q)) found.push(this.#queries[q] as string);
    }
    return found;
  }

  /** The first `limit` distinct candidates (in rank order) that match. */
  #take(candidates: Uint32Array, matches: (q: number) => boolean, limit: number): string[] {
    const found: string[] = [];
    let last = -1;
    for (let i = 0; i < candidates.length && found.length < limit; i++) {
      const q = candidates[i] as number;
      if (q === last) continue;
      last = q;
      if (matches(q)) found.push(this.#queries[q] as string);
    }
    return found;
  }

  /** Whether query q holds every word of `exact` and, given a range, a word in it. */
  #holds(q: number, exact: readonly number[], range: readonly [number, number] | undefined): boolean {
    const from = this.#wordStart[q] as number;
    const to = this.#wordStart[q + 1] as number;
    for (const n of exact) {
      let found = false;
      for (let i = from; i < to && !found; i++) found = this.#wordsOf[i] === n;
      if (!found) return false;
    }
    if (!range) return true;
    for (let i = from; i < to; i++) {
      const w = this.#wordsOf[i] as number;
      if (w >= range[0] && w < range[1]) return true;
    }
    return false;
  }

  #postingCount(n: number): number {
    return (this.#postingStart[n + 1] as number) - (this.#postingStart[n] as number);
  }

  #rangeCount([from, to]: readonly [number, number]): number {
    return (this.#postingStart[to] as number) - (this.#postingStart[from] as number);
  }

  #numberOf(word: string): number | undefined {
    const n = this.#lowerBound(word);
    return this.#vocabulary[n] === word ? n : undefined;
  }

  /** The numbers of the words starting with `prefix`: [first, past the last). */
  #prefixRange(prefix: string): [number, number] {
    const from = this.#lowerBound(prefix);
    // Every word starting with the prefix sorts before the prefix followed by the highest code unit.
    return [from, this.#lowerBound(`${prefix}\uffff`)];
  }

  /** The first word number whose word is not below `text`. */
  #lowerBound(text: string): number {
    let low = 0;
    let high = this.#vocabulary.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#vocabulary[mid] as string) < text) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
