import { z } from 'zod';
import { DEFAULT_DESCRIPTION_SIZE, DEFAULT_RESULTS_PER_PAGE } from '../constants.ts';
import { withoutBidiControls } from './bidi-controls.ts';
import { Id } from './common.ts';
import { withoutControlCharacters } from './control-characters.ts';
import { PageType, TabIcon } from './keyword.ts';

/*
 * The public search runtime of keyword engines, called from customer sites by the widget with a
 * client id and no user token (CORS limited to the client's origins, rate-limited per address):
 *   GET  /search/{clientId}/config                         → KeywordSearchConfig
 *   GET  /search/{clientId}/keyword?q=&tab=&page=&pageSize=&descriptionSize=&rewrite=
 *                                                          → KeywordSearchResult
 *   GET  /search/{clientId}/suggest?q=                     → KeywordSuggestions
 *   POST /search/{clientId}/click   (JSON as text/plain, what navigator.sendBeacon sends) → 204
 * The searches are GETs with no custom header, so a browser sends them without a CORS preflight.
 */

/** The name of the fixed first tab (every result). */
export const ALL_TAB = 'all';
export const KEYWORD_QUERY_MAX = 500;
export const KEYWORD_PAGE_SIZE_MAX = 100;
/** Results pages a search may ask for (deep paging costs and no visitor goes there). */
export const KEYWORD_PAGE_MAX = 100;
export const DESCRIPTION_SIZE_MIN = 50;
export const DESCRIPTION_SIZE_MAX = 2000;
export const SUGGESTIONS_MAX = 8;
/** Popular queries a suggestion list shows at most (pages fill the rest of SUGGESTIONS_MAX). */
export const POPULAR_SUGGESTIONS_MAX = 4;

/** A tab as the widget renders it; the first is always 'all'. */
export const KeywordTab = z.object({ name: z.string(), icon: TabIcon });
export type KeywordTab = z.infer<typeof KeywordTab>;

export const KeywordSearchConfig = z.object({
  clientId: Id,
  type: z.literal('kw'),
  engineName: z.string(),
  /** Only 'all' unless the engine uses tabs. */
  tabs: z.array(KeywordTab),
});
export type KeywordSearchConfig = z.infer<typeof KeywordSearchConfig>;

const booleanText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/** The query string of a keyword search (numbers arrive as text). */
export const KeywordSearchQuery = z.object({
  /**
   * Control characters are taken out (typed or pasted, they are no part of a word), and so are
   * bidirectional controls: the query is recorded and shown back in the owner's analytics.
   */
  q: z
    .string()
    .max(KEYWORD_QUERY_MAX)
    .overwrite(withoutControlCharacters)
    .overwrite(withoutBidiControls)
    .default(''),
  tab: z.string().trim().toLowerCase().max(100).default(ALL_TAB),
  page: z.coerce.number().int().min(1).max(KEYWORD_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(KEYWORD_PAGE_SIZE_MAX).default(DEFAULT_RESULTS_PER_PAGE),
  /** Characters of each result's snippet (the install page's description size). */
  descriptionSize: z.coerce
    .number()
    .int()
    .min(DESCRIPTION_SIZE_MIN)
    .max(DESCRIPTION_SIZE_MAX)
    .default(DEFAULT_DESCRIPTION_SIZE),
  /** Whether the engine's URL rewrite rules apply to result URLs (the install page's URL rewriting). */
  rewrite: booleanText.default(true),
  /**
   * Whether a query whose words no page holds is answered with its correction (`correctedFrom`):
   * the install page's Auto-correct. false: the query typed is searched, and `didYouMean` offers
   * the correction (the widget's "Search instead for …").
   */
  autoCorrect: booleanText.default(true),
});
export type KeywordSearchQuery = z.infer<typeof KeywordSearchQuery>;
export type KeywordSearchQueryInput = z.input<typeof KeywordSearchQuery>;

export const KeywordHit = z.object({
  /** The page's URL, rewritten by the engine's rules when the query asked for it. */
  url: z.string(),
  title: z.string(),
  /**
   * The best passage of the page, HTML-escaped, with the query's words in `<mark>` elements: the
   * only HTML of the answer, safe to insert as such (nothing else of a page is ever HTML).
   */
  snippet: z.string(),
  /** Placed by the engine's result ranking for this query, above the ranked results. */
  pinned: z.boolean(),
  /** 1-based rank across pages: what a click beacon reports. */
  position: z.number().int().min(1),
  /**
   * What the result was read from: `html` for a page, else the document's type (`pdf`, `docx`…).
   * Servers from before documents were crawled send none: their hits are pages.
   */
  type: PageType.default('html'),
});
export type KeywordHit = z.infer<typeof KeywordHit>;

export const KeywordTabCount = KeywordTab.extend({ count: z.number().int().min(0) });
export type KeywordTabCount = z.infer<typeof KeywordTabCount>;

export const KeywordSearchResult = z.object({
  /** Results in the chosen tab. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Every tab of the config, 'all' first, with its number of results for this query. */
  tabs: z.array(KeywordTabCount),
  hits: z.array(KeywordHit),
  /**
   * A close correction of the query from the engine's own words, when the query finds nothing or
   * far fewer results than the correction would: what "Did you mean …?" offers.
   */
  didYouMean: z.string().optional(),
  /**
   * The query typed, when the results are those of `didYouMean` instead (auto-correct: the query
   * typed found nothing): what "Search instead for …" offers.
   */
  correctedFrom: z.string().optional(),
  /** Server time in milliseconds. */
  took: z.number().min(0),
  /** Names this search in click beacons. */
  searchId: z.string(),
});
export type KeywordSearchResult = z.infer<typeof KeywordSearchResult>;

export const KeywordSuggestionsQuery = z.object({
  q: z
    .string()
    .max(KEYWORD_QUERY_MAX)
    .overwrite(withoutControlCharacters)
    .overwrite(withoutBidiControls)
    .default(''),
});
/**
 * A query other visitors searched and found results for (at least the engine's minimum of
 * distinct visitors), holding every word typed, the last as a prefix of one of its words.
 */
export const QuerySuggestion = z.object({ kind: z.literal('query'), query: z.string() });
export type QuerySuggestion = z.infer<typeof QuerySuggestion>;

/** A page whose title holds every word typed (the last as a prefix): choosing it opens the page. */
export const PageSuggestion = z.object({ kind: z.literal('page'), title: z.string(), url: z.string() });
export type PageSuggestion = z.infer<typeof PageSuggestion>;

/** One suggestion, by `kind`. */
export const KeywordSuggestion = z.discriminatedUnion('kind', [QuerySuggestion, PageSuggestion]);
export type KeywordSuggestion = z.infer<typeof KeywordSuggestion>;

export const KeywordSuggestions = z.object({
  /**
   * Popular queries first (most searched first, at most POPULAR_SUGGESTIONS_MAX), then page titles
   * (best first). For an empty q, only the most searched queries.
   */
  suggestions: z.array(KeywordSuggestion).max(SUGGESTIONS_MAX),
});
export type KeywordSuggestions = z.infer<typeof KeywordSuggestions>;

/** A URL scheme other than http(s): `javascript:`, `data:`, `mailto:`... */
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z0-9+.-]*:/i;

/**
 * A result click, sent by the widget as a beacon. Its URL is a result's link: http(s), or a path
 * when the engine's rewrite rules make one. Other schemes are refused: no result link has them, and
 * the top clicked results would list them.
 */
export const SearchClick = z.object({
  searchId: z.string().min(1).max(100),
  url: z
    .string()
    .min(1)
    .max(4000)
    .refine((url) => !OTHER_SCHEME.test(url.trim()), 'The clicked URL must be an http(s) URL or a path.'),
  position: z.number().int().min(1).max(10_000),
});
export type SearchClick = z.infer<typeof SearchClick>;
