import { isStopword } from '../analysis/index.ts';
import type { QueryCorrection, QuerySlot } from '../backend.ts';
import type { QueryExpander } from './expand.ts';
import type { IndexData } from './index-data.ts';
import { holdsTerm, PostingCursor } from './postings.ts';

/** Near words tried for each typed word: the closest, then the most frequent. */
const OPTIONS_PER_WORD = 3;
/** Combinations of words counted at most: past it, the words with most options lose their last. */
const COMBINATIONS_MAX = 64;
/** A correction is offered when it finds this many times the pages of the query typed (or any, when that finds none). */
const FAR_MORE = 5;
/** Pages counted at most per combination: enough to compare, and a bound on the walk. */
const COUNTED_MAX = 10_000;

/** One way of reading a word of the query: as typed (`word` null) or as a near word of the pages. */
interface WordOption {
  word: string | null;
  terms: number[];
  distance: number;
  frequency: number;
}

/** A combination of options, one per correctable word, with the pages holding all of them. */
interface Candidate {
  options: WordOption[];
  pages: number;
  distance: number;
  frequency: number;
}

/**
 * Did-you-mean from the engine's own vocabulary. Each word of the query may be read as typed or as
 * a near word of the pages (QueryExpander `nearWords`: the same typo budget as matching), a more
 * frequent one than the word typed; of every combination, the one whose words occur together on
 * the most pages wins (then the fewest typos, then the most frequent words), so that for
 * 'caron film' the pages' 'carbon film' beats the more frequent 'carton' that never goes with
 * 'film'. Phrases and words with synonyms are kept as typed and left out of the count.
 */
export class QueryCorrector {
  readonly #data: IndexData;
  readonly #expander: QueryExpander;

  constructor(data: IndexData, expander: QueryExpander) {
    this.#data = data;
    this.#expander = expander;
  }

  /**
   * The correction of `slots` when it finds far more pages than `found` (the pages holding every
   * typed word), or undefined. Slot numbers are places in `slots`.
   */
  correct(slots: readonly QuerySlot[], found: number): QueryCorrection | undefined {
    const places: number[] = [];
    const choices: WordOption[][] = [];
    slots.forEach((slot, place) => {
      const word = plainWord(slot);
      if (word === undefined) return;
      places.push(place);
      choices.push(this.#options(word, slot.prefix === true));
    });
    if (!choices.some((options) => options.some((option) => option.word !== null))) return undefined;
    if (choices.some((options) => options.length === 0)) return undefined;
    trim(choices);
    let best: Candidate | undefined;
    for (const options of combinations(choices)) {
      if (options.every((option) => option.word === null)) continue;
      const candidate = {
        options,
        pages: this.#pagesWithAll(options.map((option) => option.terms)),
        distance: options.reduce((sum, option) => sum + option.distance, 0),
        frequency: options.reduce((sum, option) => sum + option.frequency, 0),
      };
      if (!best || better(candidate, best)) best = candidate;
    }
    if (!best || best.pages === 0 || best.pages < FAR_MORE * found) return undefined;
    const words = best.options.flatMap((option, n) =>
      option.word === null ? [] : [{ slot: places[n] as number, word: option.word }],
    );
    return { words, found, pages: best.pages };
  }

  /** The word as typed (when the pages have it) and its near words more frequent than it. */
  #options(word: string, prefix: boolean): WordOption[] {
    const data = this.#data;
    const expander = this.#expander;
    const exact = expander.exact(word);
    const typedFrequency = Math.max(0, ...exact.map((term) => data.frequencies[term] as number));
    const typedTerms = [...new Set([...exact, ...(prefix ? expander.prefix(word) : [])])];
    const byTerm = new Map<number, WordOption>();
    for (const { surface, distance } of expander.nearWords(word)) {
      const near = data.surfaces[surface] as string;
      const term = data.surfaceTerms[surface] as number;
      const frequency = data.frequencies[term] as number;
      if (frequency <= typedFrequency || isStopword(near)) continue;
      const known = byTerm.get(term);
      if (known && known.distance <= distance) continue;
      byTerm.set(term, { word: near, terms: expander.exact(near), distance, frequency });
    }
    const near = [...byTerm.values()]
      .sort((a, b) => a.distance - b.distance || b.frequency - a.frequency)
      .slice(0, OPTIONS_PER_WORD);
    const typed = { word: null, terms: typedTerms, distance: 0, frequency: typedFrequency };
    return typedTerms.length > 0 ? [typed, ...near] : near;
  }

  /**
   * The pages holding a term of every group (at most COUNTED_MAX): the rarest group's pages,
   * each checked for the others. One group of one term (a one-word query) is its term's pages.
   */
  #pagesWithAll(groups: readonly number[][]): number {
    const data = this.#data;
    const [only] = groups;
    if (groups.length === 1 && only?.length === 1) return data.frequencies[only[0] as number] as number;
    const weight = (group: readonly number[]) =>
      group.reduce((sum, term) => sum + (data.frequencies[term] as number), 0);
    const rarest = groups.reduce((a, b) => (weight(b) < weight(a) ? b : a));
    const others = groups.filter((group) => group !== rarest);
    // A page is met once per term of the rarest group holding it: counted once.
    const seen = rarest.length > 1 ? new Set<number>() : undefined;
    let walked = 0;
    let pages = 0;
    for (const term of rarest) {
      const cursor = new PostingCursor(data, term);
      while (walked < COUNTED_MAX && cursor.next()) {
        const page = cursor.page;
        if (seen) {
          if (seen.has(page)) continue;
          seen.add(page);
        }
        walked++;
        if (others.every((group) => group.some((other) => holdsTerm(data, other, page)))) pages++;
      }
    }
    return pages;
  }
}

/** The one word of a slot typed as a plain word (no phrase, no synonyms), else undefined. */
function plainWord(slot: QuerySlot): string | undefined {
  const [only, ...others] = slot.alternatives;
  if (slot.phrase || !only || others.length > 0 || only.words.length !== 1) return undefined;
  return only.words[0];
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.pages !== b.pages) return a.pages > b.pages;
  if (a.distance !== b.distance) return a.distance < b.distance;
  return a.frequency > b.frequency;
}

/** Drops the last option of the word with most options until the combinations are few enough. */
function trim(choices: WordOption[][]): void {
  const count = () => choices.reduce((product, options) => product * options.length, 1);
  while (count() > COMBINATIONS_MAX) {
    const widest = choices.reduce((a, b) => (b.length > a.length ? b : a));
    widest.pop();
  }
}

/** Every combination of one option per word. */
function* combinations(choices: readonly WordOption[][]): Generator<WordOption[]> {
  const at = choices.map(() => 0);
  for (;;) {
    yield choices.map((options, n) => options[at[n] as number] as WordOption);
    let n = choices.length - 1;
    while (n >= 0 && (at[n] as number) + 1 >= (choices[n] as WordOption[]).length) {
      at[n] = 0;
      n--;
    }
    if (n < 0) return;
    at[n] = (at[n] as number) + 1;
  }
}
