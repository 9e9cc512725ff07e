import type { KeywordPage } from '../backend.ts';

/**
 * The fields of a page, in BM25F weight order (bm25f.ts FIELD_WEIGHTS): a word in the title says more about the page than
 * one in its headings, its URL, its custom tags, its description or its body, in that order.
 */
export const FIELDS = ['title', 'headings', 'url', 'tags', 'description', 'body'] as const;
export const FIELD_COUNT = FIELDS.length;
export const TITLE = 0;
export const HEADINGS = 1;

/** Words of every URL that say nothing about the page. */
const URL_NOISE = new Set(['http', 'https', 'www', 'html', 'htm', 'php', 'aspx', 'index']);

/** The words of a URL's host and path (no query string, no fragment), without scheme and noise. */
function urlText(url: string): string {
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
