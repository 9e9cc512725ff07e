import type { PageText } from '../../repositories/keyword/pages.ts';

/** What a result shows of a page besides its URL (declared where the store reads it). */
export type { PageText };

/**
 * The texts of a page that are stored for its results, as the crawl stored them, and what it was
 * read from (absent: 'html').
 */
export type PageTextSource = Pick<PageText, 'title' | 'description' | 'body' | 'language'> &
  Partial<Pick<PageText, 'type'>>;

/** A crawled page's texts to store, under its normalised URL. */
export type PageTextRow = PageTextSource & { url_key: string };
