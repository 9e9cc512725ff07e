import type { IndexData } from './build.ts';
import type { ExpandedSlot } from './expand.ts';
import { TITLE } from './fields.ts';
import { idf } from './pack-postings.ts';
import { holdsTerm, inTitle, recordMask, recordPositions, seek } from './postings.ts';

/** The `size` best pages by score, kept in a min-heap while pages stream by. */
export class TopPages {
  readonly #size: number;
  readonly #pages: number[] = [];
  readonly #scores: number[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  push(page: number, score: number): void {
    const pages = this.#pages;
    const scores = this.#scores;
    if (pages.length < this.#size) {
      pages.push(page);
      scores.push(score);
      this.#up(pages.length - 1);
    } else if (pages.length > 0 && score > (scores[0] as number)) {
      pages[0] = page;
      scores[0] = score;
      this.#down(0);
    }
  }

  /** The pages with their scores, best first (ties: the earlier page first). */
  ranked(): { page: number; score: number }[] {
    return this.#pages
      .map((page, i) => ({ page, score: this.#scores[i] as number }))
      .sort((a, b) => b.score - a.score || a.page - b.page);
  }

  #less(a: number, b: number): boolean {
    const sa = this.#scores[a] as number;
    const sb = this.#scores[b] as number;
    return sa < sb || (sa === sb && (this.#pages[a] as number) > (this.#pages[b] as number));
  }

  #swap(a: number, b: number): void {
    const pages = this.#pages;
    const scores = this.#scores;
    [pages[a], pages[b]] = [pages[b] as number, pages[a] as number];
    [scores[a], scores[b]] = [scores[b] as number, scores[a] as number];
  }

  #up(at: number): void {
    let child = at;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.#less(child, parent)) return;
      this.#swap(child, parent);
      child = parent;
    }
  }

  #down(at: number): void {
    let parent = at;
    const length = this.#pages.length;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let least = parent;
      if (left < length && this.#less(left, least)) least = left;
      if (right < length && this.#less(right, least)) least = right;
      if (least === parent) return;
      this.#swap(parent, least);
      parent = least;
    }
  }
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
 * The smallest span of positions holding one position of every list (each ascending, none empty):
 * one pointer per list, the lowest moved on each step, as in merging them.
 */
export function smallestSpan(lists: readonly number[][]): number {
  const at = new Int32Array(lists.length);
  let best = Number.POSITIVE_INFINITY;
  for (;;) {
    let low = 0;
    let lowest = Number.POSITIVE_INFINITY;
    let highest = Number.NEGATIVE_INFINITY;
    for (let n = 0; n < lists.length; n++) {
      const position = (lists[n] as number[])[at[n] as number] as number;
      if (position < lowest) {
        lowest = position;
        low = n;
      }
      if (position > highest) highest = position;
    }
    best = Math.min(best, highest - lowest + 1);
    const next = (at[low] as number) + 1;
    if (next >= (lists[low] as number[]).length) return best;
    at[low] = next;
  }
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
  const head = ranked.slice(0, count).map(({ page, score: base }) => {
    let score = base;
    const positions: number[][] = [];
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
          positions.push(recordPositions(data, at));
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
    if (positions.length > 1) {
      const span = smallestSpan(positions);
      if (Number.isFinite(span)) score *= 1 + (PROXIMITY_WEIGHT * (positions.length - 1)) / (span - 1);
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
