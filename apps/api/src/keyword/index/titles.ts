import { cachedStemmer, type Stemmer, words as titleWords } from '../analysis/index.ts';
import { idf } from './bm25f.ts';
import type { IndexData } from './index-data.ts';
import { TopPages } from './top-pages.ts';
import { prefixRange } from './vocabulary.ts';

/**
 * The pages of each term in their title, by term (CSR: `pages` from `starts[t]` to `starts[t+1]`,
 * ascending), from each page's title terms in page order: what suggestions read, a small part of
 * the index (titles have a few words).
 */
export function titlePostings(
  titleTerms: readonly number[],
  titleTermEnds: readonly number[],
  termCount: number,
): { starts: Uint32Array; pages: Uint32Array } {
  const starts = new Uint32Array(termCount + 1);
  for (const term of titleTerms) starts[term + 1] = (starts[term + 1] as number) + 1;
  for (let term = 0; term < termCount; term++)
    starts[term + 1] = (starts[term + 1] as number) + (starts[term] as number);
  const next = starts.slice(0, termCount);
  const pages = new Uint32Array(titleTerms.length);
  let from = 0;
  titleTermEnds.forEach((to, page) => {
    for (let i = from; i < to; i++) {
      const term = titleTerms[i] as number;
      pages[next[term] as number] = page;
      next[term] = (next[term] as number) + 1;
    }
    from = to;
  });
  return { starts, pages };
}

/** Completions of a word being typed looked at, the most frequent in titles first. */
const MAX_COMPLETIONS = 30;
/** What a completion is worth against the word typed whole. */
const COMPLETION_WEIGHT = 0.85;

/**
 * The best titles by idf re-ordered by how they read: a title where the words typed follow each
 * other, as typed, is what is being typed ('data str': 'Data Structures' before 'struct — ...
 * binary data'; 'the pyth': 'The Python Tutorial' before 'The None Object — Python 3.11'), more so
 * at its start.
 */
const READ_CANDIDATES = 64;
const READS_AS_TYPED = 1;
const STARTS_AS_TYPED = 0.5;

/**
 * Titles for what is being typed: pages whose title holds every word (the last as the start of a
 * title word), scored by the title idf of the words matched, then shorter titles first; of the
 * best, a title holding the words as typed, in a row, comes first. Reads the title postings (and
 * those few titles) only, so a suggestion costs microseconds even at the start of a word.
 */
export class TitleSuggester {
  readonly #data: IndexData;
  readonly #stemmers: Stemmer[];
  /** Scratch per page: the score so far, the slot's best, and the words held so far. */
  readonly #scores: Float32Array;
  readonly #slotScores: Float32Array;
  readonly #counts: Uint8Array;

  constructor(data: IndexData) {
    this.#data = data;
    this.#scores = new Float32Array(data.pageCount);
    this.#slotScores = new Float32Array(data.pageCount);
    this.#counts = new Uint8Array(data.pageCount);
    this.#stemmers = (data.languages.length > 0 ? data.languages : ['en']).map((l) => cachedStemmer(l));
  }

  /** The best pages, at most `limit`, best first. */
  suggest(words: readonly string[], limit: number): number[] {
    const data = this.#data;
    const scores = this.#scores;
    const slotScores = this.#slotScores;
    const counts = this.#counts;
    let touched: number[] = [];
    words.forEach((word, n) => {
      const slotPages: number[] = [];
      for (const [term, weight] of this.#terms(word, n === words.length - 1)) {
        const value = weight * idf(data.pageCount, data.titleFrequencies[term] as number);
        const end = data.titlePostingStarts[term + 1] as number;
        for (let i = data.titlePostingStarts[term] as number; i < end; i++) {
          const page = data.titlePostings[i] as number;
          // Only pages that held every word before this one can still hold them all.
          if (counts[page] !== n) continue;
          if (slotScores[page] === 0) slotPages.push(page);
          if ((slotScores[page] as number) < value) slotScores[page] = value;
        }
      }
      for (const page of slotPages) {
        scores[page] = (scores[page] as number) + (slotScores[page] as number);
        counts[page] = n + 1;
        slotScores[page] = 0;
      }
      if (n === 0) touched = slotPages;
    });
    const top = new TopPages(Math.max(limit, READ_CANDIDATES));
    for (const page of touched) {
      // Shorter titles first among equal scores.
      if (counts[page] === words.length)
        top.push(page, (scores[page] as number) - (data.titleLengths[page] as number) * 1e-6);
      scores[page] = 0;
      counts[page] = 0;
    }
    const read = top
      .ranked()
      .map(({ page, score }) => ({ page, score: score * readsAsTyped(data.titles[page] as string, words) }));
    // Stable: equal scores keep their order (shorter titles first).
    return read
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ page }) => page);
  }

  /** A word's title terms and their weights: its stems, and with `prefix` the title words it starts. */
  #terms(word: string, prefix: boolean): Map<number, number> {
    const data = this.#data;
    const terms = new Map<number, number>();
    for (const stem of this.#stemmers) {
      const term = data.vocabulary.get(stem(word));
      if (term !== undefined && (data.titleFrequencies[term] as number) > 0) terms.set(term, 1);
    }
    if (!prefix) return terms;
    const [from, to] = prefixRange(data.surfaces, word);
    const completions = new Set<number>();
    for (let i = from; i < to; i++) {
      const term = data.surfaceTerms[i] as number;
      if ((data.titleFrequencies[term] as number) > 0 && !terms.has(term)) completions.add(term);
    }
    const frequent = [...completions]
      .sort((a, b) => (data.titleFrequencies[b] as number) - (data.titleFrequencies[a] as number))
      .slice(0, MAX_COMPLETIONS);
    for (const term of frequent) terms.set(term, COMPLETION_WEIGHT);
    return terms;
  }
}

/**
 * How much a title reads as `typed` (normalised words, the last being typed): 1 + READS_AS_TYPED
 * when they follow each other in it, in order (the last the start of a title word), and
 * STARTS_AS_TYPED more when the title starts with them; 1 otherwise.
 */
function readsAsTyped(title: string, typed: readonly string[]): number {
  const held = titleWords(title);
  const last = typed.length - 1;
  for (let at = 0; at + typed.length <= held.length; at++) {
    let all = true;
    for (let n = 0; n <= last && all; n++) {
      const word = held[at + n] as string;
      all = n === last ? word.startsWith(typed[n] as string) : word === typed[n];
    }
    if (all) return 1 + READS_AS_TYPED + (at === 0 ? STARTS_AS_TYPED : 0);
  }
  return 1;
}
