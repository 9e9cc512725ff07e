/*
 * The seam between Siteseer's keyword query layer and the engine that ranks pages. The in-memory
 * index (`index/`) is the default; another engine (OpenSearch, for customers beyond one machine)
 * is added by implementing this interface and passing `backend-contract.ts`'s suite. What must work
 * the same on every backend stays in the query layer: character mapping (applied to pages before
 * `index` and to the query before `search`), synonyms (expanded into the query's alternatives),
 * pinned results, URL rewriting and snippets.
 */

/** One published generation of one engine: what an index is made from and searched by. */
export interface GenerationKey {
  accountId: string;
  engineId: string;
  /** The crawl run published (crawlers.published_run_id), as text. */
  generation: string;
}

/** A crawled page as the backend indexes it; its texts are already character-mapped. */
export interface KeywordPage {
  /** The page's normalised URL (crawl_pages.url_key): unique in a generation. */
  key: string;
  url: string;
  title: string;
  headings: readonly string[];
  description: string;
  body: string;
  /** The custom tags read from the page (its categories). */
  tags: readonly string[];
  /** The page's language (BCP 47, e.g. 'en', 'de-DE'; '' when unknown): picks its stemmer. */
  language: string;
  /**
   * The share of the page's text that is link text, 0 to 1 (absent: unknown, as 0). A page that is
   * mostly links (a table of contents, an index) is a way to answers, rarely the answer: it ranks lower.
   */
  linkShare?: number;
}

/**
 * One way of matching a word of the query: one word, or several that must follow each other (a
 * multi-word synonym). `weight` scales what it scores (1 for what was typed, less for synonyms).
 */
export interface QueryAlternative {
  words: readonly string[];
  weight: number;
}

/** A word of the query (or a quoted phrase, or a multi-word synonym's span), with its alternatives. */
export interface QuerySlot {
  alternatives: readonly QueryAlternative[];
  /** A quoted phrase: an alternative of several words matches only where they follow each other. */
  phrase?: boolean;
  /** The last word typed, not followed by a space: indexed words starting with it match too. */
  prefix?: boolean;
}

/** A tab other than 'all': pages carrying one of the tags, or whose URL matches the pattern. */
export interface TabSpec {
  tags: readonly string[];
  /** A URL wildcard (core's wildcard rules), or undefined. */
  urlPattern?: string;
}

/** A relevance rule: pages whose URL matches the wildcard have their score multiplied by weight. */
export interface BoostRule {
  urlPattern: string;
  weight: number;
}

export interface BackendQuery {
  slots: readonly QuerySlot[];
  tabs: readonly TabSpec[];
  /** The index in `tabs` of the chosen tab; null: every page ('all'). */
  tab: number | null;
  boosts: readonly BoostRule[];
  /** Page keys left out of the ranking and the counts (the pinned pages, shown above it). */
  exclude: readonly string[];
  offset: number;
  limit: number;
}

export interface BackendHit {
  key: string;
  url: string;
  title: string;
  score: number;
  /**
   * The indexed forms (stems) the page matched, typo and prefix expansions included: what the
   * snippet marks (compared with `analyse` of the page's words).
   */
  terms: readonly string[];
}

/**
 * Did-you-mean: words of the query replaced by words of the pages a typo or two away, which occur
 * together on far more pages than the words typed.
 */
export interface QueryCorrection {
  /** The words replaced: the slot (its place in the query's slots) and the word of the pages. */
  words: readonly { slot: number; word: string }[];
  /** Pages holding every word typed (exactly, or the last as a prefix). */
  found: number;
  /** Pages holding every word of the correction. */
  pages: number;
}

export interface BackendResult {
  /** Matching pages in the chosen tab. */
  total: number;
  /** Matching pages in every tab ('all'). */
  allTotal: number;
  /** Matching pages per tab of the query, in its order. */
  tabCounts: readonly number[];
  hits: readonly BackendHit[];
  /**
   * Computed only when the words typed find few pages (fewer than a page of results); a backend
   * that cannot correct leaves it out.
   */
  correction?: QueryCorrection;
}

/** What one term of the query adds to a page's score, per field, before the factors. */
export interface TermScore {
  /** The query's slot (its word or phrase, in the order typed) the term matched for. */
  slot: number;
  /** The indexed term (a stem). */
  term: string;
  /**
   * Added to a question by feedback, not typed: a word its first pass's best pages share
   * (index/feedback.ts); `slot` is then past the typed ones.
   */
  feedback: boolean;
  /** What its score was multiplied by: the expansion's and the alternative's weights. */
  weight: number;
  /** BM25F per field holding the term (title, headings, url, tags, description, body). */
  fields: { field: string; score: number }[];
  /** The title prior, when the title holds the term. */
  titlePrior: number;
  /** The fields' scores and the title prior. */
  score: number;
}

/**
 * One result's score taken apart: the sum of its terms' scores (`base`) times each factor is the
 * score the search gave it (to the float rounding of the search's sums).
 */
export interface ScoreExplanation {
  score: number;
  base: number;
  terms: TermScore[];
  /**
   * The share of the query's informativeness (its words' idf in the engine's pages) the page
   * holds, when the search needed only some of its words.
   */
  heldShare: number;
  /** The highest weight of the relevance rules matching its URL. */
  boost: number;
  /** Re-ranking's factors (all 1 for a page ranked below those re-ranked). */
  title: number;
  proximity: number;
  /** For the query's rarest words close together, pair by pair. */
  rareProximity: number;
  headingProximity: number;
  linkShare: number;
}

/** A search's result with each hit's score taken apart. */
export interface ExplainedResult extends BackendResult {
  hits: readonly (BackendHit & { explanation: ScoreExplanation })[];
}

/** An indexed page found by URL (pinned results). */
export interface IndexedPageRef {
  key: string;
  url: string;
  title: string;
  tags: readonly string[];
}

export interface KeywordSearchBackend {
  /**
   * Makes the index of a generation from its pages, given in batches; it replaces an index of the
   * same key. Resolves when the generation can be searched.
   */
  index(key: GenerationKey, pages: AsyncIterable<readonly KeywordPage[]>): Promise<void>;
  /** Whether the generation is indexed (and searchable) here. */
  has(key: GenerationKey): boolean;
  /** Ranks the generation's pages for the query. Throws if the generation is not indexed. */
  search(key: GenerationKey, query: BackendQuery): Promise<BackendResult>;
  /**
   * `search`, each hit with its score taken apart, for the people tuning an engine; a backend
   * that cannot say how it scores leaves it out.
   */
  explain?(key: GenerationKey, query: BackendQuery): Promise<ExplainedResult>;
  /** The indexed pages with these URLs (exact URL or key), in the order given; others are left out. */
  lookup(key: GenerationKey, urls: readonly string[]): Promise<IndexedPageRef[]>;
  /** Titles for what is being typed: every word matches, the last as a prefix; best first. */
  suggest(key: GenerationKey, words: readonly string[], limit: number): Promise<IndexedPageRef[]>;
  /** Forgets a generation. */
  drop(key: GenerationKey): Promise<void>;
}
