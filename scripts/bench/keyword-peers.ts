/**
 * The two peers the keyword engine's relevance is compared with, on the same crawled pages and the
 * same queries: PostgreSQL's own full-text ranking and MiniSearch's BM25. docs/adr/0022 says why
 * these two and with which options.
 */
import MiniSearch from 'minisearch';
import type { Queryable, Store } from './keyword-store.ts';

/** A crawled page as the peers index it (crawl_pages' fields). */
export interface PeerPage {
  url: string;
  title: string;
  headings: readonly string[];
  body: string;
}

/** Answers a query with result URLs, best first (at most `limit`). */
export type Ranker = (q: string, limit: number) => Promise<string[]>;

/**
 * MiniSearch 7 over title, headings and body: its default BM25+ parameters, the title boosted 2x
 * (its documentation's example), prefix search on the last word and fuzzy 0.2 (an edit per 5
 * letters), the options its documentation gives for search as you type. OR of the words (its
 * default), as search-as-you-type boxes built on it do.
 */
export function miniSearchRanker(pages: readonly PeerPage[]): Ranker {
  const index = new MiniSearch<PeerPage & { id: string; headingText: string }>({
    fields: ['title', 'headingText', 'body'],
    idField: 'id',
  });
  index.addAll(pages.map((page) => ({ ...page, id: page.url, headingText: page.headings.join('\n') })));
  return async (q, limit) =>
    index
      .search(q, {
        boost: { title: 2 },
        prefix: (_term, i, terms) => i === terms.length - 1,
        fuzzy: 0.2,
      })
      .slice(0, limit)
      .map((hit) => String(hit.id));
}

/**
 * PostgreSQL's ranking: a temporary table of the pages with a tsvector of the title (weight A),
 * headings (B) and body (D) in the 'english' configuration (stemming, stop words) and a GIN
 * index, queried with websearch_to_tsquery('english', q) (what a search box's text becomes: AND
 * of the words, quotes for phrases) ordered by ts_rank_cd, the cover-density ranking, with its
 * default weights and normalisation. Runs `use` with the ranker inside one session of `store`
 * (temporary tables belong to a session), then drops the table.
 */
export async function withPostgresRanker<T>(
  store: Store,
  load: (db: Queryable) => Promise<void>,
  use: (rank: Ranker) => Promise<T>,
): Promise<T> {
  return store.withSession(async (session) => {
    await session.exec(`
      CREATE TEMPORARY TABLE peer_pages (
        url text PRIMARY KEY,
        title text NOT NULL,
        headings text NOT NULL,
        body text NOT NULL,
        doc tsvector
      )`);
    try {
      await load(session);
      await session.exec(`
        UPDATE peer_pages SET doc =
          setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', headings), 'B') ||
          setweight(to_tsvector('english', body), 'D');
        CREATE INDEX peer_pages_doc ON peer_pages USING gin (doc);
        ANALYZE peer_pages;`);
      return await use(async (q, limit) => {
        const { rows } = await session.query<{ url: string }>(
          `SELECT url FROM peer_pages, websearch_to_tsquery('english', $1) AS query
           WHERE doc @@ query ORDER BY ts_rank_cd(doc, query) DESC, url LIMIT $2`,
          [q, limit],
        );
        return rows.map((row) => row.url);
      });
    } finally {
      await session.exec('DROP TABLE IF EXISTS peer_pages');
    }
  });
}
