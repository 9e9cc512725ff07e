import { heldShare, informativeness } from './bm25f.ts';
import type { ExpandedSlot } from './expand.ts';
import type { IndexData } from './index-data.ts';
import type { Scorer } from './scorer.ts';
import { TopPages } from './top-pages.ts';

/** What a collector is given besides the scored pages: where they go and what decides it. */
export interface Collecting {
  /** Per page, bit i set when it is in tab i (page-sets.ts `tabMembership`). */
  members: Uint8Array;
  /** Matching pages per tab, counted into. */
  tabCounts: number[];
  /** The chosen tab's index; null: every page. */
  tab: number | null;
  /** Per page, its relevance rules' factor; undefined: no rule raises any page. */
  boosts: Float32Array | undefined;
  /** Pages left out (the pinned ones). */
  excluded: ReadonlySet<number>;
  /** The pages ranked, and with `any` those holding every slot, ranked before them. */
  top: TopPages;
  full: TopPages | undefined;
  /** A search of some of the slots: a page need hold one only. */
  any: boolean;
  /** Per slot, its `slotInformativeness`: what holding it is worth in a search of some slots. */
  informativeness: readonly number[];
}

/** How informative a slot is in the engine's pages (bm25f.ts `informativeness` of its terms). */
export function slotInformativeness(data: IndexData, slot: ExpandedSlot): number {
  const frequencies: number[] = [];
  for (const alternative of slot.alternatives)
    for (const word of alternative.words)
      for (const { term } of word) frequencies.push(data.frequencies[term] as number);
  return informativeness(data.pageCount, frequencies);
}

/** The informativeness of the slots whose bits are set in `matched`. */
export function heldInformativeness(matched: number, weights: readonly number[]): number {
  let held = 0;
  for (let n = 0; n < weights.length; n++) if (matched & (1 << n)) held += weights[n] as number;
  return held;
}

/**
 * `heldInformativeness` by table, for the pages of one search: per byte of the slots' bit mask
 * (up to 32 slots), the sum of its slots' weights for each of its 256 values. Four look-ups a page
 * instead of a loop over a question's slots, on every page holding one of its words.
 */
function heldTables(weights: readonly number[]): Float64Array {
  const tables = new Float64Array(4 * 256);
  for (let byte = 0; byte < 4; byte++)
    for (let value = 1; value < 256; value++) {
      const low = value & -value;
      tables[byte * 256 + value] =
        (tables[byte * 256 + (value ^ low)] as number) + (weights[byte * 8 + 31 - Math.clz32(low)] ?? 0);
    }
  return tables;
}

function heldByTable(tables: Float64Array, matched: number): number {
  return (
    (tables[matched & 255] as number) +
    (tables[256 + ((matched >>> 8) & 255)] as number) +
    (tables[512 + ((matched >>> 16) & 255)] as number) +
    (tables[768 + (matched >>> 24)] as number)
  );
}

/**
 * Collects the pages `scorer` scored for `expanded` (Lucene's collector): every page matching the
 * slots (every one, or with `any` at least one, its phrases all) not left out is counted in all
 * and per tab and, those in the chosen tab, offered to `top` with its score times its boost; with
 * `any`, those holding every slot go to `full` instead when there is one (ranked before the
 * others, as a search of every slot would rank them), and the others' scores are weighed by the
 * share of the query's informativeness they hold.
 */
export class Collector {
  readonly #scorer: Scorer;
  readonly #expanded: readonly ExpandedSlot[];
  readonly #collecting: Collecting;
  readonly #phrases: number;
  readonly #whole: number;
  readonly #tables: Float64Array | undefined;
  /** The highest of the boosts (at least 1), once `ceiling` needs it. */
  #topBoost: number | undefined;

  constructor(scorer: Scorer, expanded: readonly ExpandedSlot[], collecting: Collecting) {
    this.#scorer = scorer;
    this.#expanded = expanded;
    this.#collecting = collecting;
    let phrases = 0;
    expanded.forEach((slot, n) => {
      if (slot.phrase) phrases |= 1 << n;
    });
    this.#phrases = phrases;
    this.#whole = collecting.informativeness.reduce((sum, weight) => sum + weight, 0);
    this.#tables = collecting.any ? heldTables(collecting.informativeness) : undefined;
  }

  collect(): { total: number; allTotal: number } {
    const scorer = this.#scorer;
    const { members, tabCounts, tab, boosts, excluded, top, full, any } = this.#collecting;
    // Every page still `alive` holds every slot (phrases matched): only an OR search's pages,
    // all those `touched`, are read for the slots they hold.
    const pages = any ? scorer.touched : scorer.alive;
    const tabBit = tab === null ? 0 : 1 << tab;
    const tabbed = tabBit !== 0 || tabCounts.length > 0;
    const every = (1 << this.#expanded.length) - 1;
    let allTotal = 0;
    let total = 0;
    for (let i = 0; i < pages.length; i++) {
      const page = pages.items[i] as number;
      const held = any ? this.#held(page) : this.#whole;
      // A page holding only words worth nothing (a question's feedback words) is no answer.
      if (any && held === 0) continue;
      if (excluded.size > 0 && excluded.has(page)) continue;
      allTotal++;
      if (tabbed) {
        const bits = members[page] as number;
        for (let tab = 0; tab < tabCounts.length; tab++)
          if (bits & (1 << tab)) tabCounts[tab] = (tabCounts[tab] as number) + 1;
        if (tabBit !== 0 && (bits & tabBit) === 0) continue;
      }
      total++;
      let score = scorer.score[page] as number;
      if (boosts) score *= boosts[page] as number;
      if (full && scorer.matched[page] === every) {
        full.push(page, score);
        continue;
      }
      // Across words: pages with more of the query's informative words first.
      if (any) score *= heldShare(held, this.#whole);
      top.push(page, score);
    }
    return { total, allTotal };
  }

  /**
   * For a search of some words without `full` (a question), while its slots are being scored: a
   * score at most the `size`-th best `collect` will give, from the pages touched so far as they
   * stand (a page's sum and the share of the question it holds only grow with the slots after);
   * 0 while fewer pages are in the running.
   */
  floor(size: number): number {
    const scorer = this.#scorer;
    const { members, tab, boosts, excluded } = this.#collecting;
    const tabBit = tab === null ? 0 : 1 << tab;
    const best = new TopPages(size);
    const pages = scorer.touched;
    let counted = 0;
    for (let i = 0; i < pages.length; i++) {
      const page = pages.items[i] as number;
      const held = this.#held(page);
      if (held === 0 || (excluded.size > 0 && excluded.has(page))) continue;
      if (tabBit !== 0 && ((members[page] as number) & tabBit) === 0) continue;
      const boost = boosts ? (boosts[page] as number) : 1;
      best.push(page, (scorer.score[page] as number) * boost * heldShare(held, this.#whole));
      counted++;
    }
    return counted < size ? 0 : best.lowest();
  }

  /**
   * The most `collect` can give a page holding none of the slots but `slots`: their best scores
   * summed, times the share of the question they hold and the highest boost.
   */
  ceiling(slots: readonly number[]): number {
    const { boosts, informativeness } = this.#collecting;
    let score = 0;
    let held = 0;
    for (const n of slots) {
      score += this.#scorer.slotBound(this.#expanded[n] as ExpandedSlot);
      held += informativeness[n] as number;
    }
    if (boosts && this.#topBoost === undefined) {
      let boost = 1;
      for (let page = 0; page < boosts.length; page++) boost = Math.max(boost, boosts[page] as number);
      this.#topBoost = boost;
    }
    return score * (this.#topBoost ?? 1) * heldShare(held, this.#whole);
  }

  /** The slots by their `ceiling` alone, highest first: the order to score them in to prune. */
  pruningOrder(): number[] {
    const ceilings = this.#expanded.map((_, n) => this.ceiling([n]));
    return ceilings.map((_, n) => n).sort((a, b) => (ceilings[b] as number) - (ceilings[a] as number));
  }

  /** The informativeness of the slots a page holds; 0 when it lacks one of the query's phrases. */
  #held(page: number): number {
    const matched = this.#scorer.matched[page] as number;
    if ((matched & this.#phrases) !== this.#phrases) return 0;
    return heldByTable(this.#tables as Float64Array, matched);
  }
}
