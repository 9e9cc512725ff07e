import type { KeywordPage } from '../backend.ts';

/**
 * The fields of a page, in BM25F weight order: a word in the title says more about the page than
 * one in its headings, its URL, its custom tags, its description or its body, in that order.
 */
export const FIELDS = ['title', 'headings', 'url', 'tags', 'description', 'body'] as const;
export const FIELD_COUNT = FIELDS.length;
export const TITLE = 0;
export const HEADINGS = 1;
export const BODY = 5;

/** BM25F field weights (what a word counts in each field, relative to the body). */
export const FIELD_WEIGHTS: readonly number[] = [8, 4, 3, 2.5, 2, 1];
/** BM25F length normalisation per field: short fields (titles, tags) are hardly normalised. */
export const FIELD_B: readonly number[] = [0.3, 0.5, 0.5, 0.3, 0.5, 0.75];
export const K1 = 1.2;

/** Words of every URL that say nothing about the page. */
const URL_NOISE = new Set(['http', 'https', 'www', 'html', 'htm', 'php', 'aspx', 'index']);

/** The words of a URL's host and path (no query string, no fragment), without scheme and noise. */
export function urlText(url: string): string {
  const bare = url.replace(/^[a-z]+:\/\//i, '').replace(/[?#].*$/, '');
  return bare
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !URL_NOISE.has(word.toLowerCase()))
    .join(' ');
}

/** The texts of a page's fields, in FIELDS order. */
export function fieldTexts(page: KeywordPage): string[] {
  return [
    page.title,
    page.headings.join('\n'),
    urlText(page.url),
    page.tags.join('\n'),
    page.description,
    page.body,
  ];
}

/** Positions between two fields, so that a phrase never spans the end of one and the start of the next. */
export const FIELD_GAP = 16;
/** Words of a page's body beyond this are not indexed (a 100k-word page is a data dump, not a page). */
export const MAX_BODY_WORDS = 50_000;

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
