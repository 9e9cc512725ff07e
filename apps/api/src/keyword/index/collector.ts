import { heldShare, informativeness } from './bm25f.ts';
import type { ExpandedSlot } from './expand.ts';
import type { IndexData } from './index-data.ts';
import type { Scorer } from './scorer.ts';
import type { TopPages } from './top-pages.ts';

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
export function collectPages(
  scorer: Scorer,
  expanded: readonly ExpandedSlot[],
  { members, tabCounts, tab, boosts, excluded, top, full, any, informativeness }: Collecting,
): { total: number; allTotal: number } {
  // Every page still `alive` holds every slot (phrases matched): only an OR search's pages,
  // all those `touched`, are read for the slots they hold.
  const pages = any ? scorer.touched : scorer.alive;
  let phrases = 0;
  expanded.forEach((slot, n) => {
    if (slot.phrase) phrases |= 1 << n;
  });
  const tabBit = tab === null ? 0 : 1 << tab;
  const tabbed = tabBit !== 0 || tabCounts.length > 0;
  const every = (1 << expanded.length) - 1;
  const whole = informativeness.reduce((sum, weight) => sum + weight, 0);
  const tables = any ? heldTables(informativeness) : undefined;
  let allTotal = 0;
  let total = 0;
  for (let i = 0; i < pages.length; i++) {
    const page = pages.items[i] as number;
    let matched = 0;
    let held = whole;
    if (any) {
      matched = scorer.matched[page] as number;
      if ((matched & phrases) !== phrases) continue;
      held = heldByTable(tables as Float64Array, matched);
      // A page holding only words worth nothing (a question's feedback words) is no answer.
      if (held === 0) continue;
    }
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
    if (full && matched === every) {
      full.push(page, score);
      continue;
    }
    // Across words: pages with more of the query's informative words first.
    if (any) score *= heldShare(held, whole);
    top.push(page, score);
  }
  return { total, allTotal };
}
