/** What a result shows of a page besides its URL: its original (unmapped) title and snippet text. */
export interface PageText {
  title: string;
  body: string;
  description: string;
  language: string;
  /** The table of the snippet's text, when stored with it (page-text-record.ts, snippet-table-format.ts). */
  table?: Uint8Array;
}

/** The texts of a page that are stored for its results, as the crawl stored them. */
export type PageTextSource = Pick<PageText, 'title' | 'description' | 'body' | 'language'>;

/** A crawled page's texts to store, under its normalised URL. */
export type PageTextRow = PageTextSource & { url_key: string };
