import { ByteReader } from './bytes.ts';
import type { ExpandedSlot } from './expand.ts';
import type { IndexData } from './index-data.ts';
import { CHAMPIONS, pageWords, popcount, SCORE_STEPS } from './pack-postings.ts';
import { scorePhrase } from './phrase.ts';
import type { TopPages } from './top-pages.ts';

/** Slots a query may have (a bit each in a 32-bit mask, with IN_AND_SET's). */
export const MAX_SLOTS = 30;
/** The `matched` bit of the pages of a dense search's AND set (see `#andSet`). */
const IN_AND_SET = 1 << MAX_SLOTS;
/**
 * A search every slot of which is in more than this share of the pages finds the pages holding
 * them all from the terms' bitsets first (see `#andSet`).
 */
export const DENSE_SHARE = 32;
/**
 * `known` of a slot scored on the pages scored already only (see `scoreSlots`' `onlyTouched` and
 * `prune`): a value no page's bits take (bit 31 is no slot's and not IN_AND_SET).
 */
const ONLY_TOUCHED = 1 << 31;

/** How `scoreSlots` scores a query's slots. */
export interface SlotScoring {
  /** A page must hold every slot. */
  every?: boolean;
  /** The first slot's number (its bit); past 0, the slots are added to sums kept (feedback's words). */
  from?: number;
  /** The slots add to the pages scored already only: a page holding them alone is no answer. */
  onlyTouched?: boolean;
  /**
   * A search of some of the slots (not `every`): the slots are scored in `order`, and `stop` is
   * asked before each after the first, with the slots not scored yet, whether a page holding only
   * those could still rank among the best; once it says no, they add to the pages scored already
   * only (MaxScore, Turtle & Flood's "quit and continue"): a question's common words are looked
   * up on the pages its rarer words found instead of every page they are on.
   */
  prune?: { order: readonly number[]; stop: (remaining: readonly number[]) => boolean };
}

/** Pages in the order they were met, each once: a scratch list as long as the index's pages. */
export class PageList {
  readonly items: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
  }

  push(page: number): void {
    this.items[this.length++] = page;
  }
}

/**
 * Scores an index's pages for a query's slots (Lucene's scorer): reads the terms' postings
 * (varint deltas or bitsets, and their scores, as pack-postings.ts lays them out) into per-page
 * sums on scratch arrays as long as the index's pages, reused by the next search (searches run
 * synchronously). A collector (collector.ts) then reads `score`, `matched` and the pages listed,
 * and `reset` clears them.
 */
export class Scorer {
  readonly data: IndexData;
  /** Per page, its score so far, and a bit per slot it holds. */
  readonly score: Float32Array;
  readonly matched: Uint32Array;
  /**
   * The pages a search has scored, and (a page must hold every slot) those holding every slot
   * scored so far, in the order they were met.
   */
  readonly touched: PageList;
  readonly alive: PageList;
  readonly #best: Float32Array;
  /** The pages of the slot being scored. */
  readonly #slotTouched: PageList;
  /**
   * A dense search's AND set and one slot's pages, 32 pages a word (see `#andSet`), and the pages
   * being counted (`countPages`, all zero between counts).
   */
  readonly #andWords: Uint32Array;
  readonly #slotWords: Uint32Array;
  readonly #countWords: Uint32Array;
  readonly #denseShare: number;

  /** `denseShare`: DENSE_SHARE; 0: no search is dense (tests hold both ways to one answer). */
  constructor(data: IndexData, denseShare: number) {
    this.data = data;
    this.#denseShare = denseShare;
    this.score = new Float32Array(data.pageCount);
    this.#best = new Float32Array(data.pageCount);
    this.matched = new Uint32Array(data.pageCount);
    this.touched = new PageList(data.pageCount);
    this.#slotTouched = new PageList(data.pageCount);
    this.alive = new PageList(data.pageCount);
    this.#andWords = new Uint32Array(pageWords(data.pageCount));
    this.#slotWords = new Uint32Array(pageWords(data.pageCount));
    this.#countWords = new Uint32Array(pageWords(data.pageCount));
  }

  /**
   * A one-word search: a page's score is the best of its terms' (each times its weight), so the
   * best pages are among the CHAMPIONS best of each term (a page left out of a term's champions
   * ranks below all of them in it, and so below CHAMPIONS pages). Only those are scored, a term
   * of few pages in full, into `top`. Returns the terms (whose pages `countPages` counts).
   */
  scoreChampions(slot: ExpandedSlot, top: TopPages): Set<number> {
    const data = this.data;
    const terms = new Set<number>();
    const best = this.#best;
    const slotPages = this.#slotTouched;
    slotPages.length = 0;
    for (const alternative of slot.alternatives) {
      for (const { term, weight } of alternative.words[0] ?? []) {
        terms.add(term);
        const factor = weight * alternative.weight;
        const at = data.champions.get(term);
        if (at === undefined) {
          this.#accumulate(term, factor, slotPages, 0, 0);
          continue;
        }
        const scale = factor * (data.scoreScale[term] as number);
        for (let i = at; i < at + CHAMPIONS; i++) {
          const page = data.championPages[i] as number;
          const score = scale * (data.championSteps[i] as number);
          const known = best[page] as number;
          if (known === 0) slotPages.push(page);
          if (score > known) best[page] = score;
        }
      }
    }
    for (let i = 0; i < slotPages.length; i++) {
      const page = slotPages.items[i] as number;
      top.push(page, best[page] as number);
      best[page] = 0;
    }
    return terms;
  }

  /**
   * The pages holding any of `terms`, counted in all and per tab (`tabCounts`): their pages or-ed
   * 32 at a time (`#orPages`) into `#countWords`, the bits counted (and walked for the tabs when
   * there are some), and the words written cleared again: rare terms (a typo's) touch few.
   * `except`: pages not counted (those `touched`, and pages left out).
   */
  countPages(
    terms: ReadonlySet<number>,
    members: Uint8Array,
    tabCounts: number[],
    except?: { touched: PageList; excluded: ReadonlySet<number> },
  ): number {
    const data = this.data;
    const [only] = terms;
    if (terms.size === 1 && only !== undefined && tabCounts.length === 0 && !except)
      return data.frequencies[only] as number;
    const words = this.#countWords;
    let from = words.length;
    let to = 0;
    for (const term of terms) {
      const [first, end] = this.#orPages(term, words);
      from = Math.min(from, first);
      to = Math.max(to, end);
    }
    if (except) {
      const { touched, excluded } = except;
      for (let i = 0; i < touched.length; i++) unset(words, touched.items[i] as number);
      for (const page of excluded) unset(words, page);
    }
    let count = 0;
    for (let w = from; w < to; w++) {
      let word = words[w] as number;
      words[w] = 0;
      count += popcount(word);
      if (tabCounts.length === 0) continue;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const bits = members[(w << 5) + 31 - Math.clz32(low)] as number;
        for (let tab = 0; tab < tabCounts.length; tab++)
          if (bits & (1 << tab)) tabCounts[tab] = (tabCounts[tab] as number) + 1;
      }
    }
    return count;
  }

  /**
   * Scores every page holding a slot: per slot the best of its alternatives (BM25F over the
   * fields, times the alternative's and the term's weights), summed over slots;
   * `matched` gets a bit per slot found, `touched` the pages (to be `reset`). Returns the terms,
   * and the slots scored on the pages touched before them only (`onlyTouched`, or once `prune`
   * said so: their other pages are counted by `countPages`).
   * With `every` (a page must hold every slot), the slot with the fewest postings is scored first
   * and the others only on the pages holding every slot before them (`alive`): a common word of
   * the query adds nothing to the pages to look at, and its list is read without a write for the
   * pages that cannot match, or not read at all (see `#accumulate`). `from`: the first slot's
   * number (its bit); past 0, `slots` are added to a search of some slots whose sums are kept
   * (feedback's words, after the question's), their pages `reset` with the others'.
   */
  scoreSlots(
    slots: readonly ExpandedSlot[],
    { every = false, from = 0, onlyTouched = false, prune }: SlotScoring = {},
  ): { terms: Set<number>; pruned: number[] } {
    const pages = this.touched;
    if (from === 0) pages.length = 0;
    const terms = new Set<number>();
    const pruned: number[] = [];
    const best = this.#best;
    const matched = this.matched;
    const alive = this.alive;
    alive.length = 0;
    const order = prune ? [...prune.order] : slots.map((_, n) => n);
    if (every)
      order.sort((a, b) => this.postings(slots[a] as ExpandedSlot) - this.postings(slots[b] as ExpandedSlot));
    // A dense search scores its AND set's pages only: they are known, and marked as holding
    // every slot from the start.
    const held = every ? this.#andSet(slots, order) : 0;
    const dense = held !== 0;
    let soFar = held;
    let touchedOnly = onlyTouched;
    order.forEach((n, rank) => {
      const slot = slots[n] as ExpandedSlot;
      const bit = 1 << (from + n);
      if (!touchedOnly && prune && rank > 0 && prune.stop(order.slice(rank))) touchedOnly = true;
      if (touchedOnly) pruned.push(n);
      // The bits of the slots a page must already hold to be scored (0: any page).
      const known = every ? soFar : touchedOnly ? ONLY_TOUCHED : 0;
      if (every && !dense) soFar |= bit;
      const [only] = slot.alternatives;
      const single = slot.alternatives.length === 1 && !slot.phrase && only?.words.length === 1;
      const [onlyTerm, ...others] = single ? (only?.words[0] ?? []) : [];
      if (onlyTerm && others.length === 0) {
        // One term: no best-of-alternatives to keep, straight into the sums.
        this.#accumulate(onlyTerm.term, onlyTerm.weight * (only?.weight ?? 1), pages, bit, known);
        terms.add(onlyTerm.term);
        if (every && !dense) this.#narrow(rank, bit);
        return;
      }
      const slotPages = this.#slotTouched;
      slotPages.length = 0;
      if (dense) {
        this.#andBest(slot, terms, known);
        return;
      }
      for (const alternative of slot.alternatives) {
        if (alternative.words.length === 1 && !slot.phrase) {
          for (const { term, weight } of alternative.words[0] ?? []) {
            this.#accumulate(term, weight * alternative.weight, slotPages, 0, known);
            terms.add(term);
          }
        } else {
          scorePhrase(this.data, alternative, (page, score) => {
            if (known !== 0 && !holds(matched[page] as number, known)) return;
            if (best[page] === 0) slotPages.push(page);
            if (score > (best[page] as number)) best[page] = score;
          });
          for (const word of alternative.words) for (const { term } of word) terms.add(term);
        }
      }
      for (let i = 0; i < slotPages.length; i++) {
        const page = slotPages.items[i] as number;
        if (matched[page] === 0) pages.push(page);
        this.score[page] = (this.score[page] as number) + (best[page] as number);
        matched[page] = (matched[page] as number) | bit;
        best[page] = 0;
      }
      if (every && !dense) this.#narrow(rank, bit);
    });
    return { terms, pruned };
  }

  /**
   * The most a page can score for `slot`: its best term's best score times their weights (a
   * phrase, or an alternative of several words, is not bounded: Infinity).
   */
  slotBound(slot: ExpandedSlot): number {
    if (slot.phrase) return Number.POSITIVE_INFINITY;
    let bound = 0;
    for (const alternative of slot.alternatives) {
      if (alternative.words.length !== 1) return Number.POSITIVE_INFINITY;
      for (const { term, weight } of alternative.words[0] ?? [])
        bound = Math.max(
          bound,
          weight * alternative.weight * (this.data.scoreScale[term] as number) * SCORE_STEPS,
        );
    }
    // Scores are summed in 32-bit floats: a hair over, never under.
    return bound * (1 + 1e-5);
  }

  /**
   * The pages holding every slot of a dense search (every slot in more than a DENSE_SHARE-th of
   * the pages, none a phrase or of several words), found 32 pages at a time: per slot, its terms'
   * bitsets or-ed (the pages of a term without one set in), and the slots and-ed. They are listed
   * in `alive` and `touched` and marked IN_AND_SET and every slot's bit in `matched` (they hold
   * them all: scoring them sets no bit), and `scoreSlots` scores them alone: the pages of the
   * rarest slot that lack another are never looked at (two common words are often on a third of
   * the rarest one's pages). Returns the mark; 0, and nothing done, for another search. `order`:
   * the slots, the one of fewest postings first.
   */
  #andSet(slots: readonly ExpandedSlot[], order: readonly number[]): number {
    const data = this.data;
    const rarest = slots[order[0] as number] as ExpandedSlot;
    if (this.postings(rarest) * this.#denseShare <= data.pageCount) return 0;
    if (slots.some((slot) => slot.phrase || slot.alternatives.some((a) => a.words.length !== 1))) return 0;
    const and = this.#andWords;
    const slotWords = this.#slotWords;
    order.forEach((n, rank) => {
      const into = rank === 0 ? and : slotWords;
      into.fill(0);
      for (const alternative of (slots[n] as ExpandedSlot).alternatives)
        for (const { term } of alternative.words[0] ?? []) this.#orPages(term, into);
      if (rank > 0)
        for (let w = 0; w < and.length; w++) and[w] = (and[w] as number) & (slotWords[w] as number);
    });
    const matched = this.matched;
    const alive = this.alive;
    const touched = this.touched;
    const held = IN_AND_SET | ((1 << slots.length) - 1);
    for (let w = 0; w < and.length; w++) {
      let word = and[w] as number;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const page = (w << 5) + 31 - Math.clz32(low);
        matched[page] = held;
        alive.push(page);
        touched.push(page);
      }
    }
    return held;
  }

  /**
   * A dense search's slot of several terms (a prefix's words, a word and its stem): each term's
   * best score per page kept in `#best` (`#accumulate` of the set's pages: a bitset's by
   * `#andBits`), then added to the sums of the AND set's pages, every one of which holds one of the
   * terms (the set was made so), in page order: no page list to keep, no slot bit to set. Adds the
   * slot's terms to `terms`; `held`: the set's mark.
   */
  #andBest(slot: ExpandedSlot, terms: Set<number>, held: number): void {
    const slotPages = this.#slotTouched;
    for (const alternative of slot.alternatives) {
      for (const { term, weight } of alternative.words[0] ?? []) {
        terms.add(term);
        this.#accumulate(term, weight * alternative.weight, slotPages, 0, held);
      }
    }
    slotPages.length = 0;
    const sums = this.score;
    const best = this.#best;
    const pages = this.alive;
    for (let i = 0; i < pages.length; i++) {
      const page = pages.items[i] as number;
      sums[page] = (sums[page] as number) + (best[page] as number);
      best[page] = 0;
    }
  }

  /** Sets the bits of `term`'s pages in `words` (32 pages a word); returns the words [from, to) written. */
  #orPages(term: number, words: Uint32Array): [number, number] {
    const data = this.data;
    const bitset = data.bitsets.get(term);
    if (bitset !== undefined) {
      const bits = data.bits;
      for (let w = 0; w < words.length; w++) words[w] = (words[w] as number) | (bits[bitset + w] as number);
      return [0, words.length];
    }
    // Once per list term of a search, not per page scored: the reader's varints will do.
    const reader = new ByteReader(data.pages, data.pageStart[term] as number);
    const end = data.pageStart[term + 1] as number;
    let page = -1;
    let first = -1;
    while (reader.at < end) {
      page += reader.varint();
      if (first < 0) first = page;
      words[page >>> 5] = (words[page >>> 5] as number) | (1 << (page & 31));
    }
    return first < 0 ? [words.length, 0] : [first >>> 5, (page >>> 5) + 1];
  }

  /** `alive` after the slot of `bit` (the `rank`-th scored): the pages holding it too, in order. */
  #narrow(rank: number, bit: number): void {
    const alive = this.alive;
    const from = rank === 0 ? this.touched : alive;
    let kept = 0;
    for (let i = 0; i < from.length; i++) {
      const page = from.items[i] as number;
      if ((this.matched[page] as number) & bit) alive.items[kept++] = page;
    }
    alive.length = kept;
  }

  /** The postings a slot's scoring reads: those of each of its terms. */
  postings(slot: ExpandedSlot): number {
    let postings = 0;
    for (const alternative of slot.alternatives)
      for (const word of alternative.words)
        for (const { term } of word) postings += this.data.frequencies[term] as number;
    return postings;
  }

  /** Clears what the search scored, for the next. */
  reset(): void {
    const pages = this.touched;
    for (let i = 0; i < pages.length; i++) {
      const page = pages.items[i] as number;
      this.score[page] = 0;
      this.matched[page] = 0;
    }
    pages.length = 0;
  }

  /**
   * Scores every page holding `term` (its score times `factor`). With `direct` (the slot's only
   * term), the score goes straight to the page's sum and the slot's bit is set, new pages listed in
   * `touched`; otherwise the slot's best per page is kept in `#best` and the pages new to the slot
   * listed in `touched`. With `known` (slot bits), only the pages holding exactly those slots so
   * far (`alive`) are scored; with ONLY_TOUCHED, only pages touched already. This loop is most of a search's time: it reads the term's pages
   * (varint deltas, or a bitset) and scores (steps of its best) as pack-postings.ts lays them out.
   * A term kept as a bitset in more pages than are still `alive` is looked up for each of those
   * instead: a query's common word costs what its rarer words found, not its own list.
   */
  #accumulate(term: number, factor: number, touched: PageList, direct: number, known: number): void {
    const data = this.data;
    const scale = factor * (data.scoreScale[term] as number);
    const bitset = data.bitsets.get(term);
    if (bitset === undefined) this.#readDeltas(term, scale, touched, direct, known);
    else if (known & IN_AND_SET) this.#andBits(term, bitset, scale, direct);
    else if (known !== 0 && this.#scope(known).length < (data.frequencies[term] as number))
      this.#lookUpBits(term, bitset, scale, touched, direct, this.#scope(known));
    else this.#readBits(term, bitset, scale, touched, direct, known);
  }

  #readDeltas(term: number, scale: number, touched: PageList, direct: number, known: number): void {
    const data = this.data;
    const bytes = data.pages;
    const steps = data.scores;
    const end = data.pageStart[term + 1] as number;
    let at = data.pageStart[term] as number;
    let n = data.scoreStart[term] as number;
    let page = -1;
    const matched = this.matched;
    while (at < end) {
      let byte = bytes[at++] as number;
      let delta = byte & 0x7f;
      for (let shift = 7; byte & 0x80; shift += 7) {
        byte = bytes[at++] as number;
        delta |= (byte & 0x7f) << shift;
      }
      page += delta;
      const score = scale * (steps[n++] as number);
      if (known !== 0 && !holds(matched[page] as number, known)) continue;
      this.#take(page, score, touched, direct);
    }
  }

  /** `#readDeltas` for a term kept as a bitset: its set bits in page order. */
  #readBits(
    term: number,
    bitset: number,
    scale: number,
    touched: PageList,
    direct: number,
    known: number,
  ): void {
    const data = this.data;
    const bits = data.bits;
    const steps = data.scores;
    const matched = this.matched;
    let n = data.scoreStart[term] as number;
    const words = pageWords(data.pageCount);
    for (let w = 0; w < words; w++) {
      let word = bits[bitset + w] as number;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const page = (w << 5) + 31 - Math.clz32(low);
        const score = scale * (steps[n++] as number);
        if (known !== 0 && !holds(matched[page] as number, known)) continue;
        this.#take(page, score, touched, direct);
      }
    }
  }

  /** The pages a slot of `known` (not 0) may score: those `alive`, or every page touched. */
  #scope(known: number): PageList {
    return known === ONLY_TOUCHED ? this.touched : this.alive;
  }

  /**
   * The pages of `alive` (still alive, or touched) that hold a term kept as a bitset, scored
   * (none is new to `touched` when the two are one: each is there and has a bit already).
   */
  #lookUpBits(
    term: number,
    bitset: number,
    scale: number,
    touched: PageList,
    direct: number,
    alive: PageList,
  ): void {
    const data = this.data;
    const { bits, bitRanks } = data;
    const steps = data.scores;
    const from = data.scoreStart[term] as number;
    for (let i = 0; i < alive.length; i++) {
      const page = alive.items[i] as number;
      const at = bitset + (page >>> 5);
      const word = bits[at] as number;
      const bit = page & 31;
      if (((word >>> bit) & 1) === 0) continue;
      const n = (bitRanks[at] as number) + popcount(word & ((1 << bit) - 1));
      this.#take(page, scale * (steps[from + n] as number), touched, direct);
    }
  }

  /**
   * The pages of a dense search's AND set (`#andSet`) that hold a term kept as a bitset, scored:
   * the set's words and-ed with the term's, so its pages are met 32 at a time and a word of the
   * set without any is passed over (a prefix's rarer words hold few of the set's pages). `direct`:
   * the slot's bit when the term is its only one (into the sums), else 0: one of several terms,
   * whose best per page `#andBest` keeps in `#best` (the set's pages are known: none is listed).
   */
  #andBits(term: number, bitset: number, scale: number, direct: number): void {
    const data = this.data;
    const { bits, bitRanks } = data;
    const steps = data.scores;
    const from = data.scoreStart[term] as number;
    const and = this.#andWords;
    const sums = this.score;
    const best = this.#best;
    for (let w = 0; w < and.length; w++) {
      const word = bits[bitset + w] as number;
      let hits = (and[w] as number) & word;
      if (hits === 0) continue;
      const before = from + (bitRanks[bitset + w] as number);
      while (hits !== 0) {
        const low = hits & -hits;
        hits ^= low;
        const page = (w << 5) + 31 - Math.clz32(low);
        // The term's pages in the word before this one tell its posting number.
        const score = scale * (steps[before + popcount(word & (low - 1))] as number);
        // The slot's only term: straight into the sum (the page's bits are set, see `#andSet`);
        // one of several: the best of them kept (see `#andBest`).
        if (direct !== 0) sums[page] = (sums[page] as number) + score;
        else if (score > (best[page] as number)) best[page] = score;
      }
    }
  }

  /** A page's score of a term: into its sum (`direct`: the slot's bit) or the slot's best of it. */
  #take(page: number, score: number, touched: PageList, direct: number): void {
    const matched = this.matched;
    if (direct !== 0) {
      if (matched[page] === 0) touched.push(page);
      this.score[page] = (this.score[page] as number) + score;
      matched[page] = (matched[page] as number) | direct;
    } else {
      const best = this.#best;
      const known = best[page] as number;
      if (known === 0) touched.push(page);
      if (score > known) best[page] = score;
    }
  }
}

/**
 * Whether a page of slot bits `matched` is one a slot of `known` (not 0) scores: holding exactly
 * the slots scored before it (`every`), or any (ONLY_TOUCHED).
 */
function holds(matched: number, known: number): boolean {
  return known === ONLY_TOUCHED ? matched !== 0 : matched === known;
}

/** Clears `page`'s bit in `words` (32 pages a word). */
function unset(words: Uint32Array, page: number): void {
  words[page >>> 5] = (words[page >>> 5] as number) & ~(1 << (page & 31));
}
