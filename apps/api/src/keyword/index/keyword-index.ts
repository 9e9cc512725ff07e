import { isStopword } from '../analysis/index.ts';
import type {
  BackendHit,
  BackendQuery,
  BackendResult,
  ExplainedResult,
  IndexedPageRef,
  QuerySlot,
} from '../backend.ts';
import { questionWeight } from './bm25f.ts';
import { Collector, slotInformativeness } from './collector.ts';
import { QueryCorrector } from './correct.ts';
import { type ExpandedSlot, QueryExpander, typosPossible } from './expand.ts';
import { type ExplainedPass, explainScore } from './explain.ts';
import { FEEDBACK_FROM, feedbackSlots } from './feedback.ts';
import type { IndexData } from './index-data.ts';
import { CHAMPIONS } from './pack-postings.ts';
import { boostFactors, boosting, tabMembership } from './page-sets.ts';
import { type RerankFactors, rerank } from './ranking.ts';
import { DENSE_SHARE, MAX_SLOTS, Scorer } from './scorer.ts';
import { TitleSuggester } from './titles.ts';
import { TopPages } from './top-pages.ts';

/** Fewer results than this and the search is tried again with typo tolerance. */
const ENOUGH_RESULTS = 10;
/** The best pages re-scored with proximity and title matches. */
const RERANK = 100;
/**
 * A query of this many words (function words aside) or more is a question: searched at once as
 * some of its words, ranked by score and the share of its informativeness held, as Lucene's and
 * Elasticsearch's OR queries rank. Few pages hold every word of a sentence, and those that do
 * are not the better answers for holding its commonest words too.
 */
const QUESTION_SLOTS = 4;

/**
 * A question's slots still to score may add pages only while their postings are at least this
 * many times the pages found so far: asking whether they can still rank (`Collector.floor`) reads
 * every page found.
 */
const PRUNE_GAIN = 4;

export interface KeywordIndexOptions {
  /** DENSE_SHARE; 0: no search is dense (tests hold both ways to one answer). */
  denseShare?: number;
  /**
   * Whether a question's common words skip the pages that cannot rank (true; tests: false, the
   * slots still scored in the same order, so that both ways sum to the same floats).
   */
  pruning?: boolean;
}
/** Pages looked at per suggestion asked for: on many sites pages share a title. */
const SHARED_TITLES = 25;

/** A pass's result and, when explaining, what its scores depend on. */
interface Attempt {
  result: BackendResult;
  pass: ExplainedPass | undefined;
}

/** Pages counted: matching, and in the chosen tab; with per tab counts. */
interface Counts {
  total: number;
  allTotal: number;
  tabCounts: number[];
}

/**
 * A pass's pages: the terms scored, the pages matching, and those in the chosen tab; `unscored`,
 * those of a question's words that were never scored (they could not rank) but count.
 */
interface Ranking {
  terms: Set<number>;
  total: number;
  allTotal: number;
  unscored?: Counts;
}

/**
 * One generation's pages, searchable (Lucene's searcher): a search expands the query's slots
 * (expand.ts), has them scored (scorer.ts) and the pages collected (collector.ts), re-ranks the
 * best (ranking.ts), and tries again with typos or fewer words when it finds too few. Searches run
 * synchronously on the scorer's scratch arrays.
 */
export class KeywordIndex {
  readonly data: IndexData;
  readonly #expander: QueryExpander;
  readonly #corrector: QueryCorrector;
  readonly #titles: TitleSuggester;
  readonly #scorer: Scorer;
  readonly #byUrl = new Map<string, number>();
  readonly #tabs = new Map<string, Uint8Array>();
  readonly #boosts = new Map<string, Float32Array>();
  readonly #pruning: boolean;

  constructor(data: IndexData, { denseShare = DENSE_SHARE, pruning = true }: KeywordIndexOptions = {}) {
    this.data = data;
    this.#pruning = pruning;
    this.#expander = new QueryExpander(data);
    this.#corrector = new QueryCorrector(data, this.#expander);
    this.#titles = new TitleSuggester(data);
    this.#scorer = new Scorer(data, denseShare);
    for (let page = 0; page < data.pageCount; page++) {
      this.#byUrl.set(data.keys[page] as string, page);
      if (!this.#byUrl.has(data.urls[page] as string)) this.#byUrl.set(data.urls[page] as string, page);
    }
  }

  search(query: BackendQuery): BackendResult {
    return this.#search(query, false).result;
  }

  /**
   * The search's result, each hit with its score taken apart: the terms' BM25F per field, the
   * boost, the share of the query held and re-ranking's factors (explain.ts). Slower than `search`
   * (each hit's postings are read again), for the people tuning an engine.
   */
  explain(query: BackendQuery): ExplainedResult {
    const { result, pass } = this.#search(query, true);
    return {
      ...result,
      hits: result.hits.map((hit) => ({
        ...hit,
        explanation: explainScore(this.data, this.#byUrl.get(hit.key) as number, pass as ExplainedPass),
      })),
    };
  }

  #search(query: BackendQuery, explaining: boolean): Attempt {
    const typed = query.slots.slice(0, MAX_SLOTS);
    const slots = withoutFunctionWords(typed);
    const empty = { total: 0, allTotal: 0, tabCounts: query.tabs.map(() => 0), hits: [] };
    if (slots.length === 0) return { result: empty, pass: undefined };
    const attempt = (typos: boolean, any: boolean) =>
      this.#attempt(query, { slots, typed }, { typos, any, explaining });
    if (slots.length >= QUESTION_SLOTS) {
      const question = attempt(false, true);
      return question.result.allTotal > 0 || !typosPossible(slots) ? question : attempt(true, true);
    }
    let chosen = attempt(false, false);
    const found = chosen.result.allTotal;
    // Only a query finding few pages as typed looks for a correction: it costs the others nothing.
    const correction =
      found < ENOUGH_RESULTS && typosPossible(slots) ? this.#correction(typed, slots, found) : undefined;
    let typos = false;
    if (chosen.result.total < ENOUGH_RESULTS && typosPossible(slots)) {
      const withTypos = attempt(true, false);
      if (withTypos.result.allTotal > chosen.result.allTotal) {
        chosen = withTypos;
        typos = true;
      }
    }
    // Too few pages hold every word (none, or less than a page of them): the pages holding some of
    // the words follow those, their scores weighed by the share of the words they hold, as
    // established engines do ('logging tutorial for beginners' finds the logging tutorial that
    // does not say 'beginners').
    if (chosen.result.allTotal === 0) chosen = attempt(true, true);
    else if (chosen.result.total < ENOUGH_RESULTS && slots.length > 1) chosen = attempt(typos, true);
    return correction ? { ...chosen, result: { ...chosen.result, correction } } : chosen;
  }

  /** The correction of the query's meaningful `slots`, its slots numbered as in `typed`. */
  #correction(typed: readonly QuerySlot[], slots: readonly QuerySlot[], found: number) {
    const correction = this.#corrector.correct(slots, found);
    if (!correction) return undefined;
    const words = correction.words.map(({ slot, word }) => ({
      slot: typed.indexOf(slots[slot] as QuerySlot),
      word,
    }));
    return { ...correction, words };
  }

  /** Titles matching words being typed: every word in the title, the last as a prefix. */
  suggest(words: readonly string[], limit: number): IndexedPageRef[] {
    const seen = new Set<string>();
    const found: IndexedPageRef[] = [];
    // More pages than asked: pages sharing a title are shown once.
    for (const page of this.#titles.suggest(words.slice(0, MAX_SLOTS), limit * SHARED_TITLES)) {
      const ref = this.#ref(page);
      const title = ref.title.trim().toLowerCase();
      if (title === '' || seen.has(title)) continue;
      seen.add(title);
      found.push(ref);
      if (found.length === limit) break;
    }
    return found;
  }

  lookup(urls: readonly string[]): IndexedPageRef[] {
    return urls.flatMap((url) => {
      const page = this.#byUrl.get(url);
      return page === undefined ? [] : [this.#ref(page)];
    });
  }

  #ref(page: number): IndexedPageRef {
    const data = this.data;
    return {
      key: data.keys[page] as string,
      url: data.urls[page] as string,
      title: data.titles[page] as string,
      tags: data.tags[page] as string[],
    };
  }

  /**
   * One pass: the pages matching `slots` (every one, or with `any` at least one), scored; the
   * best re-ranked against every `typed` slot (function words included: a title that is the
   * query holds them). `explaining`: the pass is returned too.
   */
  #attempt(
    query: BackendQuery,
    { slots, typed }: { slots: readonly QuerySlot[]; typed: readonly QuerySlot[] },
    { typos, any, explaining }: { typos: boolean; any: boolean; explaining: boolean },
  ): Attempt {
    const data = this.data;
    const question = slots.length >= QUESTION_SLOTS;
    const asTyped = this.#expander.expand(slots, typos);
    const informativeness = asTyped.map((slot) => slotInformativeness(data, slot));
    const expanded = question ? weighedByInformativeness(asTyped, informativeness) : asTyped;
    const members = tabMembership(data, query.tabs, this.#tabs);
    const tabCounts = new Array<number>(query.tabs.length).fill(0);
    const wanted = Math.min(query.offset + query.limit, data.pageCount);
    const top = new TopPages(Math.max(wanted, RERANK));
    // Across some words, the pages holding every one come first (see collector.ts
    // `collectPages`), but for a question.
    const full = any && !question ? new TopPages(Math.max(wanted, RERANK)) : undefined;
    const oneWord = this.#oneWord(expanded, query, wanted);
    // A question long enough is searched once more with the words its best pages share
    // (feedback.ts): its sums are kept, and that pass adds the new words' scores to them.
    const feedback = question && slots.length >= FEEDBACK_FROM;
    const { terms, total, allTotal, unscored } = oneWord
      ? this.#rankOneWord(oneWord, members, tabCounts, top)
      : this.#rankAll(
          expanded,
          query,
          { members, tabCounts, top, full, any, informativeness },
          { keep: feedback },
        );
    const reranked = typed === slots ? expanded : this.#expander.expand(typed, typos);
    const held = typed.map((slot) => !any && slots.includes(slot));
    const factors = explaining ? new Map<number, RerankFactors>() : undefined;
    const rescored = (pages: { page: number; score: number }[]) =>
      rerank(data, pages, reranked, RERANK, wanted, held, factors);
    let ranked: { page: number; score: number }[];
    let scored = { expanded, informativeness, total, allTotal };
    try {
      ranked = full ? [...rescored(full.ranked()), ...rescored(top.ranked())] : rescored(top.ranked());
      const extra = feedback ? this.#feedback(expanded, ranked) : [];
      if (extra.length > 0) {
        const again = new TopPages(Math.max(wanted, RERANK));
        tabCounts.fill(0);
        // Holding an added word is worth nothing in the share of the question held: a page of the
        // added words only is no answer (collector.ts), and the others keep their share.
        const withFeedback = [...expanded, ...extra];
        const weights = [...informativeness, ...extra.map(() => 0)];
        const { total, allTotal } = this.#rankAll(
          withFeedback,
          query,
          { members, tabCounts, top: again, full: undefined, any, informativeness: weights },
          { from: expanded.length, unscored },
        );
        scored = { expanded: withFeedback, informativeness: weights, total, allTotal };
        ranked = rescored(again.ranked());
      }
    } finally {
      if (feedback) this.#scorer.reset();
    }
    // The words searched for, highlighted in the results' snippets: not those feedback added.
    const hitTerms = [...terms].map((term) => data.terms[term] as string);
    const hits: BackendHit[] = ranked
      .slice(query.offset, query.offset + query.limit)
      .map(({ page, score }) => ({
        ...this.#ref(page),
        score,
        terms: hitTerms,
      }));
    const result = { total: scored.total, allTotal: scored.allTotal, tabCounts, hits };
    if (!factors) return { result, pass: undefined };
    const boosts = boosting(query.boosts) ? boostFactors(data, query.boosts, this.#boosts) : undefined;
    return {
      result,
      pass: {
        expanded: scored.expanded,
        feedbackFrom: expanded.length,
        any,
        informativeness: scored.informativeness,
        boosts,
        reranked: factors,
      },
    };
  }

  /**
   * The feedback slots of a question whose first pass ranked `ranked`: words of its best pages it
   * lacks, as many as the slots' bit mask has room for.
   */
  #feedback(expanded: readonly ExpandedSlot[], ranked: readonly { page: number; score: number }[]) {
    const asked = new Set<number>();
    for (const slot of expanded)
      for (const alternative of slot.alternatives)
        for (const word of alternative.words) for (const { term } of word) asked.add(term);
    return feedbackSlots(this.data, ranked, asked, MAX_SLOTS - expanded.length);
  }

  /**
   * Every page matching the slots (every one, or with `any` at least one) scored and collected
   * (collector.ts `Collector`); for a question, its common words scored only on the pages its
   * rarer words found once no other page can rank among the best (Scorer `scoreSlots`' `prune`),
   * their other pages counted (`unscored`). `from`: the slots before it are scored already (kept
   * from a pass with `keep`, whose scores are not reset, and whose `unscored` pages count again),
   * and those from it are worth nothing to the question (feedback's): they add to its pages only.
   */
  #rankAll(
    expanded: readonly ExpandedSlot[],
    query: BackendQuery,
    collect: {
      members: Uint8Array;
      tabCounts: number[];
      top: TopPages;
      full: TopPages | undefined;
      any: boolean;
      informativeness: readonly number[];
    },
    { from = 0, keep = false, unscored }: { from?: number; keep?: boolean; unscored?: Counts } = {},
  ): Ranking {
    const scorer = this.#scorer;
    // Read per page only when there are some: boosts, and tabs to count or choose.
    const boosts = boosting(query.boosts) ? boostFactors(this.data, query.boosts, this.#boosts) : undefined;
    const excluded = new Set(query.exclude.flatMap((key) => this.#byUrl.get(key) ?? []));
    const collector = new Collector(scorer, expanded, { ...collect, tab: query.tab, boosts, excluded });
    const size = collect.top.size;
    const phrased = expanded.some((slot) => slot.phrase);
    const prune =
      collect.any && !collect.full && from === 0
        ? {
            order: collector.pruningOrder(),
            stop: (remaining: readonly number[]) => {
              // A page lacking a phrase of the question is no answer, though it holds the words
              // left: counting those (`#countUnscored`) would count it.
              if (!this.#pruning || phrased) return false;
              let postings = 0;
              for (const n of remaining) postings += scorer.postings(expanded[n] as ExpandedSlot);
              if (postings < PRUNE_GAIN * scorer.touched.length) return false;
              return collector.ceiling(remaining) < collector.floor(size);
            },
          }
        : undefined;
    const { terms, pruned } = scorer.scoreSlots(from === 0 ? expanded : expanded.slice(from), {
      every: !collect.any,
      from,
      onlyTouched: from > 0,
      prune,
    });
    const counts = collector.collect();
    const notScored =
      unscored ??
      (from === 0 && pruned.length > 0
        ? this.#countUnscored(pruned, expanded, collect, query.tab, excluded)
        : undefined);
    if (!keep) scorer.reset();
    if (!notScored) return { terms, ...counts };
    notScored.tabCounts.forEach((count, tab) => {
      collect.tabCounts[tab] = (collect.tabCounts[tab] as number) + count;
    });
    return {
      terms,
      total: counts.total + notScored.total,
      allTotal: counts.allTotal + notScored.allTotal,
      unscored: notScored,
    };
  }

  /**
   * The pages holding one of a question's `pruned` slots but none scored: their words' pages
   * but those touched (the pages of a slot worth nothing are no answer), and those left out.
   */
  #countUnscored(
    pruned: readonly number[],
    expanded: readonly ExpandedSlot[],
    {
      members,
      tabCounts,
      informativeness,
    }: { members: Uint8Array; tabCounts: number[]; informativeness: readonly number[] },
    tab: number | null,
    excluded: ReadonlySet<number>,
  ): Counts {
    const terms = new Set<number>();
    for (const n of pruned) {
      if (informativeness[n] === 0) continue;
      for (const alternative of (expanded[n] as ExpandedSlot).alternatives)
        for (const word of alternative.words) for (const { term } of word) terms.add(term);
    }
    const perTab = tabCounts.map(() => 0);
    const scorer = this.#scorer;
    const allTotal =
      terms.size === 0 ? 0 : scorer.countPages(terms, members, perTab, { touched: scorer.touched, excluded });
    return { total: tab === null ? allTotal : (perTab[tab] as number), allTotal, tabCounts: perTab };
  }

  /**
   * The slot of a one-word search whose best pages are found among its terms' champions (see
   * `#rankOneWord`): no phrase, no tab chosen, no page boosted or left out, and no more pages
   * wanted than a term keeps aside. Otherwise undefined: every page is scored.
   */
  #oneWord(expanded: readonly ExpandedSlot[], query: BackendQuery, wanted: number): ExpandedSlot | undefined {
    const [slot] = expanded;
    if (
      !slot ||
      expanded.length !== 1 ||
      slot.phrase ||
      slot.alternatives.some((alternative) => alternative.words.length !== 1) ||
      query.tab !== null ||
      query.exclude.length > 0 ||
      boosting(query.boosts) ||
      Math.max(wanted, RERANK) > CHAMPIONS
    )
      return undefined;
    return slot;
  }

  /**
   * A one-word search: its best pages found among its terms' champions (Scorer `scoreChampions`),
   * the matching pages then counted without a score (one term and no tabs: its pages are its count).
   */
  #rankOneWord(slot: ExpandedSlot, members: Uint8Array, tabCounts: number[], top: TopPages): Ranking {
    const terms = this.#scorer.scoreChampions(slot, top);
    const allTotal = this.#scorer.countPages(terms, members, tabCounts);
    return { terms, total: allTotal, allTotal };
  }
}

/**
 * A question's slots, each weighed by its informativeness against the question's most informative
 * (bm25f.ts `questionWeight`): in a sentence, the words that say what it is about count for more
 * than BM25's idf alone gives them, the words any page of the site has for less.
 */
function weighedByInformativeness(
  expanded: readonly ExpandedSlot[],
  informativeness: readonly number[],
): ExpandedSlot[] {
  const most = Math.max(...informativeness);
  return expanded.map((slot, n) => {
    const weight = questionWeight(informativeness[n] as number, most);
    return { ...slot, alternatives: slot.alternatives.map((a) => ({ ...a, weight: a.weight * weight })) };
  });
}

/**
 * The query without the English function words typed alone, when it has other words: they are
 * not required (a page need not hold 'how' or 'the'), and scoring them would walk the longest
 * lists of the index for a few hundredths of a score. A query of function words only keeps them.
 */
function withoutFunctionWords(slots: readonly QuerySlot[]): readonly QuerySlot[] {
  const meaningful = slots.filter((slot) => {
    const [only] = slot.alternatives;
    return (
      slot.phrase === true ||
      slot.alternatives.length !== 1 ||
      only?.words.length !== 1 ||
      !isStopword(only.words[0] ?? '')
    );
  });
  return meaningful.length > 0 ? meaningful : slots;
}
