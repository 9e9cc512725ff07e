/*
 * What a page's score for a query is made of, in one place: BM25F over the page's fields (idf, the
 * field weights, the fields' length norms, saturation) plus the title prior, worked out once per
 * posting when the index is packed (pack-postings.ts); then the factors a search applies: the
 * relevance rules' boosts, the share of the query's words held (a search of some of its words),
 * and re-ranking's bonuses for the query's words close together (proximity, in a heading), for
 * the title naming the query, and the link-share (hub) factor. Pinned pages are not scored: they
 * are shown above the ranking. explain.ts breaks one result's score down by these.
 */

/** BM25F field weights (what a word counts in each field of fields.ts FIELDS, relative to the body). */
export const FIELD_WEIGHTS: readonly number[] = [8, 4, 3, 2.5, 2, 1];
/** BM25F length normalisation per field: short fields (titles, tags) are hardly normalised. */
export const FIELD_B: readonly number[] = [0.3, 0.5, 0.5, 0.3, 0.5, 0.75];
/** BM25 saturation: how fast more of a word stops adding to its score. */
export const K1 = 1.2;

/** BM25's inverse document frequency of a term in `frequency` of `pageCount` pages. */
export function idf(pageCount: number, frequency: number): number {
  return Math.log(1 + (pageCount - frequency + 0.5) / (frequency + 0.5));
}

/**
 * What one occurrence of a word in `field` counts for BM25F in a field of `length` words whose
 * average (over the pages) is `average`: the field's weight, normalised by its length.
 */
export function lengthNorm(field: number, length: number, average: number): number {
  const b = FIELD_B[field] as number;
  const ratio = length / average;
  return (FIELD_WEIGHTS[field] as number) / (1 - b + b * ratio);
}

/** BM25F of a term of `termIdf` whose counts weighed by their fields' norms sum to `weighted`. */
export function saturate(termIdf: number, weighted: number): number {
  return (termIdf * weighted * (K1 + 1)) / (K1 + weighted);
}

/**
 * A word in the title adds this much of its title idf (how rare it is among titles) on top of
 * BM25F, which saturates: without it a page saying a word thirty times in its body scores like one
 * with the word in its title, and a word of every page's navigation ('modules' on every page of a
 * manual) ranks nothing. Half of it always, half by how much of the title the word is, so short
 * titles naming the word come first. The re-ranking weighs the whole query against the title.
 */
const TITLE_PRIOR = 1;

/** TITLE_PRIOR times a term's title idf: the most its title prior is. */
export function titlePriorWeight(pageCount: number, titleFrequency: number): number {
  return TITLE_PRIOR * idf(pageCount, titleFrequency);
}

/**
 * The title prior of a term whose `titlePriorWeight` is `weight`, in a page whose title weighs
 * `pageTitleWeight` (the summed title idf of its terms).
 */
export function titlePrior(weight: number, pageTitleWeight: number): number {
  const share = Math.min(1, weight / TITLE_PRIOR / Math.max(pageTitleWeight, 1e-6));
  return weight * (0.5 + 0.5 * share);
}

/**
 * What a search of some of the query's words (none of the pages holds them all, or a question)
 * multiplies a page's score by: the share of the query's informativeness it holds, `held` of the
 * `total` summed over the slots by `slotInformativeness`. A page missing a word most pages of the
 * engine hold ('results', 'effect') loses little; one missing the query's rarest word loses most.
 */
export function heldShare(held: number, total: number): number {
  return total > 0 ? held / total : 1;
}

/**
 * How informative a slot of the query is in this engine's own pages: the idf of its rarest term
 * (over the pages holding it), so that words common on this site weigh little, with no fixed list.
 */
export function informativeness(pageCount: number, frequencies: readonly number[]): number {
  let most = 0;
  for (const frequency of frequencies) most = Math.max(most, idf(pageCount, frequency));
  return most;
}

/** Bonus for the query's words close together: up to this much when they are adjacent. */
const PROXIMITY_WEIGHT = 0.5;
/**
 * Bonus for the query's words close together in a heading (a section about them: a FAQ's
 * question), up to this much when they are adjacent there and all found.
 */
const HEADING_WEIGHT = 1;
/** Bonus for the share of the query (by idf) found in the title. */
const QUERY_IN_TITLE = 0.5;
/** Bonus when, besides, the title is that much of the query (by idf): the page the query names. */
const TITLE_IS_QUERY = 2;
/** The most the proximity bonus multiplies a score by: as many lists as the span has words. */
export const MAX_PROXIMITY = 1 + PROXIMITY_WEIGHT;

/**
 * How much a question's word counts, by its informativeness against the question's most
 * informative word's: (its / most)^QUESTION_POWER. Fitted on Cranfield (0.25, 0.5, 0.75, 1, 1.5
 * tried; 0.5 best), checked on CISI.
 */
const QUESTION_POWER = 0.5;

/** The weight of a question's word of `informativeness`, the question's most being `most`. */
export function questionWeight(informativeness: number, most: number): number {
  return most > 0 ? (informativeness / most) ** QUESTION_POWER : 1;
}

/**
 * Bonus for the query's rarest terms close together, pair by pair (the words that say what a
 * question is about: 'heat transfer' in 'what is the heat transfer to a blunt body in hypersonic
 * flow'): up to this much when every pair of them is adjacent. The span of all the query's words,
 * which `proximityFactor` rewards, is a whole paragraph for a question of ten words.
 */
const RARE_PROXIMITY_WEIGHT = 1;
/** The rarest terms of a query whose pairs are looked at (by informativeness). */
export const RARE_TERMS = 6;
/** Two terms further apart than this many words are not close. */
const RARE_WINDOW = 8;
/** The most the rare-term proximity multiplies a score by. */
export const MAX_RARE_PROXIMITY = 1 + RARE_PROXIMITY_WEIGHT;

/** How close two terms `distance` words apart are: 1 adjacent, down to 0 past RARE_WINDOW. */
export function pairCloseness(distance: number): number {
  return distance > RARE_WINDOW ? 0 : (RARE_WINDOW - Math.max(distance, 1) + 1) / RARE_WINDOW;
}

/**
 * The rare-term proximity factor: `close`, the pairs' closeness each weighed by the lesser
 * informativeness of its two terms, of `total`, the same weights summed over every pair.
 */
export function rareProximityFactor(close: number, total: number): number {
  return total > 0 ? 1 + (RARE_PROXIMITY_WEIGHT * close) / total : 1;
}

/** The proximity factor of `lists` of the query's terms whose smallest span holds `span` words. */
export function proximityFactor(lists: number, span: number): number {
  return 1 + (PROXIMITY_WEIGHT * (lists - 1)) / (span - 1);
}

/**
 * The factor of `lists` of the query's terms within `span` words of one heading, of the `sought`
 * slots of the query that had terms to look for.
 */
export function headingFactor(lists: number, span: number, sought: number): number {
  return 1 + (HEADING_WEIGHT * (lists - 1) * lists) / ((span - 1) * sought);
}

/** The most a page's headings can multiply its score by when `headed` slots may be in them. */
export function headingMost(headed: number, sought: number): number {
  return 1 + (HEADING_WEIGHT * headed) / sought;
}

/**
 * The title factor: `queryInTitle`, the share of the query (by title idf) the title holds, and
 * `titleIsQuery`, how much of the title that is.
 */
export function titleFactor(queryInTitle: number, titleIsQuery: number): number {
  return 1 + QUERY_IN_TITLE * queryInTitle + TITLE_IS_QUERY * queryInTitle * titleIsQuery;
}

/** A page whose text is more than this share of link text starts to rank lower (see hubFactor). */
export const HUB_FROM = 0.6;
/** What a page of link text only (a table of contents, an index, a site map) has its score multiplied by. */
export const HUB_LEAST = 0.5;

/**
 * What a page's score is multiplied by for its share of link text: 1 up to HUB_FROM, down to
 * HUB_LEAST for a page of links only. A hub leads to the answers and is seldom one: the Python
 * manual's contents page (24k words, every title of the manual) matched most queries of several
 * words, and its chapter pages ('Internet Protocols and Support') hold the words of their sections.
 * Articles, whose links are a sidebar or a few in the text, are below 0.3.
 */
export function hubFactor(linkShare: number): number {
  if (!(linkShare > HUB_FROM)) return 1;
  return 1 - ((1 - HUB_LEAST) * (Math.min(linkShare, 1) - HUB_FROM)) / (1 - HUB_FROM);
}
