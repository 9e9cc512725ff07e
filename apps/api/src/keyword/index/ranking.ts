import type { IndexData } from './build.ts';
import type { ExpandedSlot } from './expand.ts';
import { TITLE } from './fields.ts';
import { idf } from './pack-postings.ts';
import { PositionLists } from './position-lists.ts';
import { holdsTerm, inTitle, readPositions, recordMask, seek } from './postings.ts';

/**
 * The `size` best pages by score, kept in a min-heap while pages stream by (every matching page of
 * a search is offered: no allocation per page, the heap's holes moved rather than swapped).
 */
export class TopPages {
  readonly #size: number;
  #pages: Int32Array;
  #scores: Float64Array;
  #length = 0;

  constructor(size: number) {
    this.#size = size;
    // Grown as pages come: a deep result page asks for many, few searches find them.
    const capacity = Math.min(size, 128);
    this.#pages = new Int32Array(capacity);
    this.#scores = new Float64Array(capacity);
  }

  push(page: number, score: number): void {
    const length = this.#length;
    if (length < this.#size) {
      if (length === this.#pages.length) this.#grow();
      this.#length = length + 1;
      this.#up(length, page, score);
    } else if (length > 0 && score > (this.#scores[0] as number)) {
      this.#down(page, score);
    }
  }

  /** The pages with their scores, best first (ties: the earlier page first). */
  ranked(): { page: number; score: number }[] {
    const ranked: { page: number; score: number }[] = [];
    for (let i = 0; i < this.#length; i++)
      ranked.push({ page: this.#pages[i] as number, score: this.#scores[i] as number });
    return ranked.sort((a, b) => b.score - a.score || a.page - b.page);
  }

  #grow(): void {
    const capacity = Math.min(this.#size, this.#pages.length * 2);
    const pages = new Int32Array(capacity);
    const scores = new Float64Array(capacity);
    pages.set(this.#pages);
    scores.set(this.#scores);
    this.#pages = pages;
    this.#scores = scores;
  }

  /** Places (page, score) from the hole at `at` up towards the root. */
  #up(at: number, page: number, score: number): void {
    const pages = this.#pages;
    const scores = this.#scores;
    let hole = at;
    while (hole > 0) {
      const parent = (hole - 1) >> 1;
      if (!ranksBelow(page, score, pages[parent] as number, scores[parent] as number)) break;
      pages[hole] = pages[parent] as number;
      scores[hole] = scores[parent] as number;
      hole = parent;
    }
    pages[hole] = page;
    scores[hole] = score;
  }

  /** Replaces the root (the lowest) with (page, score), moved down to its place. */
  #down(page: number, score: number): void {
    const pages = this.#pages;
    const scores = this.#scores;
    const length = this.#length;
    let hole = 0;
    for (;;) {
      const left = hole * 2 + 1;
      if (left >= length) break;
      const right = left + 1;
      let child = left;
      if (
        right < length &&
        ranksBelow(
          pages[right] as number,
          scores[right] as number,
          pages[left] as number,
          scores[left] as number,
        )
      )
        child = right;
      const childPage = pages[child] as number;
      const childScore = scores[child] as number;
      if (!ranksBelow(childPage, childScore, page, score)) break;
      pages[hole] = childPage;
      scores[hole] = childScore;
      hole = child;
    }
    pages[hole] = page;
    scores[hole] = score;
  }
}

/** Whether page a (scored `aScore`) ranks below page b: a lower score, or a later page on a tie. */
function ranksBelow(a: number, aScore: number, b: number, bScore: number): boolean {
  return aScore < bScore || (aScore === bScore && a > b);
}

/** Bonus for the query's words close together: up to this much when they are adjacent. */
const PROXIMITY_WEIGHT = 0.5;
/** Bonus for the share of the query (by idf) found in the title. */
const QUERY_IN_TITLE = 0.5;
/** Bonus when, besides, the title is that much of the query (by idf): the page the query names. */
const TITLE_IS_QUERY = 2;
/** Terms per slot looked at for positions (its best expansions). */
const TERMS_PER_SLOT = 3;

/** The terms of a slot worth looking at, best first: its single-word alternatives' terms. */
function slotTerms(slot: ExpandedSlot): number[] {
  const terms: { term: number; weight: number }[] = [];
  for (const alternative of slot.alternatives)
    for (const word of alternative.words)
      for (const { term, weight } of word) terms.push({ term, weight: weight * alternative.weight });
  terms.sort((a, b) => b.weight - a.weight);
  return [...new Set(terms.map((t) => t.term))].slice(0, TERMS_PER_SLOT);
}

/**
 * Re-scores the best `count` pages of `ranked` (best first): a bonus when the query's words are
 * close together, and one for the title: the share of the query it holds, more when the title is
 * mostly the query (both weighed by idf among titles, so the words every title has, a site's name,
 * count for nothing). The rest keep their order after them.
 */
export function rerank(
  data: IndexData,
  ranked: readonly { page: number; score: number }[],
  slots: readonly ExpandedSlot[],
  count: number,
): { page: number; score: number }[] {
  const termsBySlot = slots.map(slotTerms);
  const weigh = (term: number) => idf(data.pageCount, data.titleFrequencies[term] as number);
  const lists = new PositionLists();
  const listed: number[] = [];
  const head = ranked.slice(0, count).map(({ page, score: base }) => {
    let score = base;
    lists.clear();
    listed.length = 0;
    let queryWeight = 0;
    let titleWeight = 0;
    for (const terms of termsBySlot) {
      const [first] = terms;
      let found = false;
      for (const term of terms) {
        let titled: boolean;
        if (slots.length > 1) {
          const at = seek(data, term, page);
          if (at < 0) continue;
          titled = (recordMask(data, at) & (1 << TITLE)) !== 0;
          // A term of two slots (a word typed twice, two words of one stem) is one list: the same
          // positions twice would be a span of one word.
          if (!listed.includes(term)) {
            listed.push(term);
            readPositions(data, at, lists);
          }
        } else {
          // One slot: no positions to read, so no record to find when the title or a bitset tells.
          titled = inTitle(data, term, page);
          if (!titled && !holdsTerm(data, term, page)) continue;
        }
        const weight = weigh(term);
        queryWeight += weight;
        if (titled) titleWeight += weight;
        found = true;
        break;
      }
      if (!found && first !== undefined) queryWeight += weigh(first);
    }
    if (lists.count > 1) {
      const span = lists.smallestSpan();
      if (Number.isFinite(span) && span > 1) score *= 1 + (PROXIMITY_WEIGHT * (lists.count - 1)) / (span - 1);
    }
    if (titleWeight > 0) {
      const queryInTitle = titleWeight / queryWeight;
      const titleIsQuery = Math.min(1, titleWeight / Math.max(data.titleWeights[page] as number, 1e-6));
      score *= 1 + QUERY_IN_TITLE * queryInTitle + TITLE_IS_QUERY * queryInTitle * titleIsQuery;
    }
    return { page, score };
  });
  head.sort((a, b) => b.score - a.score || a.page - b.page);
  return [...head, ...ranked.slice(count)];
}
