import {
  headingFactor,
  headingMost,
  idf,
  MAX_PROXIMITY,
  MAX_RARE_PROXIMITY,
  pairCloseness,
  proximityFactor,
  RARE_TERMS,
  rareProximityFactor,
  titleFactor,
} from './bm25f.ts';
import type { ExpandedSlot } from './expand.ts';
import { FIELD_GAP, TITLE } from './fields.ts';
import type { IndexData } from './index-data.ts';
import { PositionLists } from './position-lists.ts';
import { holdsTerm, inTitle, mayHeadingHold, readPositions, recordMask, seek } from './postings.ts';

/** The `size` highest scores added; the lowest of them is the bar (0 until there are `size`). */
class TopScores {
  readonly #scores: Float64Array;
  #count = 0;

  constructor(size: number) {
    this.#scores = new Float64Array(Math.max(size, 0));
  }

  bar(): number {
    const size = this.#scores.length;
    return size > 0 && this.#count === size ? (this.#scores[size - 1] as number) : 0;
  }

  add(score: number): void {
    const scores = this.#scores;
    const size = scores.length;
    if (size === 0 || (this.#count === size && score <= (scores[size - 1] as number))) return;
    // Insertion from the end (kept highest first): `size` is a page of results, a few dozen.
    let at = this.#count === size ? size - 1 : this.#count++;
    while (at > 0 && (scores[at - 1] as number) < score) {
      scores[at] = scores[at - 1] as number;
      at--;
    }
    scores[at] = score;
  }
}

/** Terms per slot looked at for positions (its best expansions). */
const TERMS_PER_SLOT = 3;

/**
 * The terms of a slot worth looking at, best first: its single-word alternatives' terms, each with
 * its weight against the slot's best (a completion of a word typed whole counts for less).
 */
function slotTerms(slot: ExpandedSlot): { term: number; weight: number }[] {
  const terms: { term: number; weight: number }[] = [];
  for (const alternative of slot.alternatives)
    for (const word of alternative.words)
      for (const { term, weight } of word) terms.push({ term, weight: weight * alternative.weight });
  terms.sort((a, b) => b.weight - a.weight);
  // Each term once, at its best weight (the first met).
  const best = new Map<number, number>();
  for (const { term, weight } of terms) if (!best.has(term)) best.set(term, weight);
  const top = terms[0]?.weight ?? 1;
  return [...best].slice(0, TERMS_PER_SLOT).map(([term, weight]) => ({ term, weight: weight / top }));
}

/** The positions re-ranking reads, reused by the next (a search runs synchronously). */
const positionLists = new PositionLists();

/** Room for rounding when a page's score at its most is held against the `wanted`-th. */
const BOUND_ROOM = 1 + 1e-9;

/** What re-ranking multiplied a page's score by (1: nothing). */
export interface RerankFactors {
  /** For the title naming the query (bm25f.ts `titleFactor`). */
  title: number;
  /** For the page's share of link text (bm25f.ts `hubFactor`). */
  linkShare: number;
  /** For the query's words close together, and close together in a heading. */
  proximity: number;
  headingProximity: number;
  /** For the query's rarest terms close together, pair by pair (bm25f.ts `rareProximityFactor`). */
  rareProximity: number;
}

/** The rarest slots of a query and the weight of each pair of them (the lesser informativeness). */
interface RarePairs {
  /** Slot indices, rarest first (at most RARE_TERMS). */
  slots: number[];
  /** weights[x * slots.length + y]: the pair of the x-th and y-th. */
  weights: Float64Array;
  /** Every pair's weight summed: what all of them adjacent would be. */
  total: number;
}

/** The query's RARE_TERMS most informative slots (by the idf of their best term) and their pairs. */
function rarePairs(data: IndexData, termsBySlot: readonly { term: number }[][]): RarePairs {
  const informative = termsBySlot.flatMap((terms, slot) => {
    const [best] = terms;
    return best ? [{ slot, weight: idf(data.pageCount, data.frequencies[best.term] as number) }] : [];
  });
  informative.sort((a, b) => b.weight - a.weight);
  const rare = informative.slice(0, RARE_TERMS);
  const weights = new Float64Array(rare.length * rare.length);
  let total = 0;
  for (let x = 0; x < rare.length; x++)
    for (let y = x + 1; y < rare.length; y++) {
      const weight = Math.min((rare[x] as { weight: number }).weight, (rare[y] as { weight: number }).weight);
      weights[x * rare.length + y] = weight;
      total += weight;
    }
  return { slots: rare.map(({ slot }) => slot), weights, total };
}

/**
 * The rare-term proximity factor of a page whose positions are in `lists`, `listOf[slot]` the list
 * of the term found for the slot (-1: none).
 */
function rareProximity(pairs: RarePairs, lists: PositionLists, listOf: Int32Array): number {
  const n = pairs.slots.length;
  let close = 0;
  for (let x = 0; x < n; x++) {
    const a = listOf[pairs.slots[x] as number] as number;
    if (a < 0) continue;
    for (let y = x + 1; y < n; y++) {
      const b = listOf[pairs.slots[y] as number] as number;
      // Two slots of one term (a word typed twice) are no pair.
      if (b < 0 || b === a) continue;
      close += (pairs.weights[x * n + y] as number) * pairCloseness(lists.closest(a, b));
    }
  }
  return rareProximityFactor(close, pairs.total);
}

/**
 * Re-scores the best `count` pages of `ranked` (best first): a bonus when the query's words are
 * close together, one when its rarest words are close pair by pair, more when they are so in a heading (a page whose headings' signature lacks them
 * cannot have it), and one for the title: the share of the query it holds, more when the title is
 * mostly the query (both weighed by idf among titles, so the words every title has, a site's name,
 * count for nothing); a page of links counts for less (its hub factor). The rest keep their order
 * after them. Only the first `wanted` need their score: the proximity bonuses (positions read
 * from the terms' records, most of a re-ranking) are worked out for a page only when at their
 * most they could lift the page to the `wanted`-th score without them; another page keeps its
 * score without them, and stays below those. `held`: per slot, whether every page of `ranked`
 * holds it (the slots an AND search required). `factors`, when given, gets each re-scored page's
 * factors (explain.ts).
 */
export function rerank(
  data: IndexData,
  ranked: readonly { page: number; score: number }[],
  slots: readonly ExpandedSlot[],
  count: number,
  wanted: number,
  held: readonly boolean[] = [],
  factors?: Map<number, RerankFactors>,
): { page: number; score: number }[] {
  const termsBySlot = slots.map(slotTerms);
  const weightsBySlot = termsBySlot.map((terms) =>
    terms.map(({ term }) => idf(data.pageCount, data.titleFrequencies[term] as number)),
  );
  const head = ranked.slice(0, count);
  const several = slots.length > 1;
  const pairs = rarePairs(data, termsBySlot);
  const rareMost = pairs.total > 0 ? MAX_RARE_PROXIMITY : 1;
  // Per slot, the list its term's positions were read into for the page (-1: none).
  const listOf = new Int32Array(slots.length);
  // Per page and slot: the term found (-1: none), and its record when it was sought (-1: not).
  const found = new Int32Array(head.length * slots.length).fill(-1);
  const records = new Int32Array(head.length * slots.length).fill(-1);
  // Per page, what its score is multiplied by whatever the positions: its title bonus and hub factor.
  const pageFactors = new Float64Array(head.length).fill(1);
  // Per page, the most its headings may multiply its score by (1: they cannot hold two terms).
  const headingMosts = new Float64Array(head.length).fill(1);
  const sought = termsBySlot.filter((terms) => terms.length > 0).length;
  const lows = new Float64Array(head.length);
  const credited: number[] = [];
  head.forEach(({ page, score }, i) => {
    let queryWeight = 0;
    let titleWeight = 0;
    credited.length = 0;
    termsBySlot.forEach((terms, s) => {
      const weights = weightsBySlot[s] as number[];
      const at = i * slots.length + s;
      for (let t = 0; t < terms.length; t++) {
        const { term } = terms[t] as { term: number };
        let titled: boolean;
        if (held[s] === true && terms.length === 1) {
          // The slot's only term, in every page: the title alone to find; the record, if its
          // positions are read, below.
          titled = inTitle(data, term, page);
        } else if (several && !data.bitsets.has(term)) {
          // Its record is sought anyway: its mask tells the title, its positions may be read.
          const record = seek(data, term, page);
          if (record < 0) continue;
          records[at] = record;
          titled = (recordMask(data, record) & (1 << TITLE)) !== 0;
        } else {
          // No record to find when the title or a bitset tells.
          titled = inTitle(data, term, page);
          if (!titled && !holdsTerm(data, term, page)) continue;
        }
        found[at] = term;
        // The title is credited with the slot's best term it holds, as much as that term is worth
        // ('async' typed: 'asyncio' in the title counts, for less than 'async' would), though a
        // better term is found in the body only; a title term already credited to a slot is not
        // again ('configuration configurations': the title 'Configuration' once).
        let title = titled && !credited.includes(term) ? t : -1;
        for (let u = t + 1; title < 0 && u < terms.length; u++) {
          const other = (terms[u] as { term: number }).term;
          if (!credited.includes(other) && inTitle(data, other, page)) title = u;
        }
        if (title < 0) queryWeight += weights[t] as number;
        else {
          credited.push((terms[title] as { term: number }).term);
          queryWeight += weights[title] as number;
          titleWeight += (weights[title] as number) * (terms[title] as { weight: number }).weight;
        }
        return;
      }
      if (terms.length > 0) queryWeight += weights[0] as number;
    });
    if (titleWeight > 0) {
      const queryInTitle = titleWeight / queryWeight;
      const titleIsQuery = Math.min(1, titleWeight / Math.max(data.titleWeights[page] as number, 1e-6));
      pageFactors[i] = titleFactor(queryInTitle, titleIsQuery);
    }
    // A page of links (bm25f.ts `hubFactor`) counts for less, bonuses and all.
    factors?.set(page, {
      title: pageFactors[i] as number,
      linkShare: data.hubFactors[page] as number,
      proximity: 1,
      headingProximity: 1,
      rareProximity: 1,
    });
    pageFactors[i] = (pageFactors[i] as number) * (data.hubFactors[page] as number);
    lows[i] = score * (pageFactors[i] as number);
    if (several) {
      let headed = 0;
      for (let s = 0; s < slots.length; s++) {
        const term = found[i * slots.length + s] as number;
        if (term >= 0 && mayHeadingHold(data, page, term)) headed++;
      }
      if (headed > 1) headingMosts[i] = headingMost(headed, sought);
    }
  });
  // Pages by their score without the bonuses, best first: a page whose most (its bonuses at their
  // highest) is below the `wanted`-th score worked out so far keeps its score without them.
  const order = byDescending(lows, (i) => i);
  const best = new TopScores(wanted);
  const lists = positionLists;
  const listed: number[] = [];
  const scores = new Float64Array(head.length);
  for (const i of order) {
    const low = lows[i] as number;
    const headingMost = headingMosts[i] as number;
    if (!several || low * MAX_PROXIMITY * rareMost * headingMost * BOUND_ROOM < best.bar()) {
      scores[i] = low;
      continue;
    }
    const { page, score: base } = head[i] as { page: number; score: number };
    let score = base;
    lists.clear();
    listed.length = 0;
    for (let s = 0; s < slots.length; s++) {
      const at = i * slots.length + s;
      const term = found[at] as number;
      // A term of two slots (a word typed twice, two words of one stem) is one list: the same
      // positions twice would be a span of one word.
      const known = term < 0 ? -1 : listed.indexOf(term);
      listOf[s] = term < 0 ? -1 : known >= 0 ? known : lists.count;
      if (term < 0 || known >= 0) continue;
      listed.push(term);
      const record = (records[at] as number) >= 0 ? (records[at] as number) : seek(data, term, page);
      const before = lists.count;
      readPositions(data, record, lists);
      if (lists.count === before) listOf[s] = -1;
    }
    if (lists.count > 1) {
      // The headings' positions follow the title's (see build.ts); none to look at when they
      // cannot hold two of the terms.
      const headings = headingMost > 1 ? (data.titleLengths[page] as number) + FIELD_GAP : 0;
      const span = lists.smallestSpan(headings, headingMost > 1 ? (data.headingEnds[page] as number) : 0);
      const explained = factors?.get(page);
      if (Number.isFinite(span) && span > 1) {
        const proximity = proximityFactor(lists.count, span);
        score *= proximity;
        if (explained) explained.proximity = proximity;
      }
      const inHeading = lists.spanWithin;
      if (pairs.total > 0) {
        const rare = rareProximity(pairs, lists, listOf);
        score *= rare;
        if (explained) explained.rareProximity = rare;
      }
      if (Number.isFinite(inHeading) && inHeading > 1) {
        const heading = headingFactor(lists.count, inHeading, sought);
        score *= heading;
        if (explained) explained.headingProximity = heading;
      }
    }
    if ((pageFactors[i] as number) !== 1) score *= pageFactors[i] as number;
    scores[i] = score;
    best.add(score);
  }
  // Ties: the earlier page first.
  const rescored = byDescending(scores, (i) => (head[i] as { page: number }).page).map((i) => ({
    page: (head[i] as { page: number }).page,
    score: scores[i] as number,
  }));
  return ranked.length > count ? rescored.concat(ranked.slice(count)) : rescored;
}

/**
 * The indices of `keys`, highest key first, equal keys by `tie` (lowest first), then by index: an
 * insertion sort, as re-ranking's hundred keys come nearly in order (a comparator sort calls back
 * for each of its comparisons).
 */
function byDescending(keys: Float64Array, tie: (i: number) => number): number[] {
  const order: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    const rank = tie(i);
    let at = order.length;
    while (at > 0) {
      const before = order[at - 1] as number;
      const beforeKey = keys[before] as number;
      if (beforeKey > key || (beforeKey === key && tie(before) <= rank)) break;
      order[at] = before;
      at--;
    }
    order[at] = i;
  }
  return order;
}
