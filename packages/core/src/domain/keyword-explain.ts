import { z } from 'zod';
import { Id } from './common.ts';
import { KeywordSearchQuery } from './keyword-search.ts';

/**
 * Query of the explain call: the account, and the search as the public call takes it (words, tab,
 * page), without what only changes how results are shown (snippet size, URL rewriting).
 */
export const KeywordExplainQuery = KeywordSearchQuery.pick({
  q: true,
  tab: true,
  page: true,
  pageSize: true,
}).extend({
  accountId: Id,
});
export type KeywordExplainQuery = z.infer<typeof KeywordExplainQuery>;

/** What one term of the query adds to a result's score: BM25F per field and the title prior. */
export const TermScore = z.object({
  /** The query's word or phrase (0 = the first typed) the term matched for. */
  slot: z.number().int().min(0),
  /** The indexed term: a stem, a typo's correction, or a prefix's completion. */
  term: z.string(),
  /**
   * Added to a question by pseudo-relevance feedback, not typed: a word the best pages of a first
   * pass share, searched for in a second (`slot` is then past the words typed).
   */
  feedback: z.boolean(),
  /** Its expansion's weight (1 for the word as typed; less for synonyms, completions, typos). */
  weight: z.number(),
  /** BM25F of the term in each field holding it (title, headings, url, tags, description, body). */
  fields: z.array(z.object({ field: z.string(), score: z.number() })),
  /** The bonus for the term being in the title. */
  titlePrior: z.number(),
  /** The fields' scores and the title prior. */
  score: z.number(),
});
export type TermScore = z.infer<typeof TermScore>;

/**
 * A ranked result's score taken apart: `base` (the terms' scores summed) times the factors is
 * `score`, the score the search ranked it by.
 */
export const ScoreExplanation = z.object({
  score: z.number(),
  base: z.number(),
  terms: z.array(TermScore),
  /**
   * The share of the query's informativeness (its words' idf in the engine's pages) the page
   * holds, when no page held them all or the query is a question (else 1).
   */
  heldShare: z.number(),
  /** The highest weight of the engine's relevance rules matching the URL (1: none). */
  boost: z.number(),
  /**
   * Re-ranking: the title naming the query, the words close together (the rarest of them pair by
   * pair, in a heading), link share.
   */
  title: z.number(),
  proximity: z.number(),
  rareProximity: z.number(),
  headingProximity: z.number(),
  linkShare: z.number(),
});
export type ScoreExplanation = z.infer<typeof ScoreExplanation>;

/** One result of an explained search: a pinned one (placed, not scored) has no explanation. */
export const ExplainedHit = z.object({
  /** 1-based rank across pages, as the public search gives it. */
  position: z.number().int().min(1),
  /** The page's URL as crawled (not rewritten) and its indexed title. */
  url: z.string(),
  title: z.string(),
  pinned: z.boolean(),
  explanation: ScoreExplanation.nullable(),
});
export type ExplainedHit = z.infer<typeof ExplainedHit>;

/** Answer of the explain call: the page of results the public search gives, each explained. */
export const KeywordExplanation = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  hits: z.array(ExplainedHit),
  /**
   * The correction the public search offers for this query (its `didYouMean`). The explain ranks
   * the query as typed: when the search auto-corrects it, the explain of this text is what the
   * visitors are shown.
   */
  didYouMean: z.string().optional(),
});
export type KeywordExplanation = z.infer<typeof KeywordExplanation>;
