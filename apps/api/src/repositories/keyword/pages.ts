import type { PageType } from '@siteseer/core';
import type { Queryable, Store } from '../../store/types.ts';

// The keyword runtime's reads of crawl_pages: a generation's pages in key order (to index them), bodies by
// key (snippets) and custom tag counts (the portal's categories). Account-filtered, like every read
// of tenant data; each is one range of the primary key (account_id, engine_id, run_id, url_key).

/** A stored page as the index is built from it. */
export interface PageRow {
  url_key: string;
  url: string;
  title: string;
  headings: string[];
  description: string;
  language: string;
  body: string;
  custom_tags: { tags?: unknown } | null;
  link_share: number;
  type: PageType;
}

/** The run's pages after `afterKey` in key order, at most `limit` (keyset paging). */
export async function readPageBatch(
  db: Queryable,
  run: { accountId: string; engineId: string; runId: string },
  afterKey: string,
  limit: number,
): Promise<PageRow[]> {
  const { rows } = await db.query<PageRow>(
    `SELECT url_key, url, title, headings, description, language, body, custom_tags, link_share, type
     FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3::bigint AND url_key > $4
     ORDER BY url_key
     LIMIT $5`,
    [run.accountId, run.engineId, run.runId, afterKey, limit],
  );
  return rows;
}

/** What a result shows of a page besides its URL: its original (unmapped) title and snippet text. */
export interface PageText {
  title: string;
  body: string;
  description: string;
  language: string;
  /** What the page was read from: 'html', or a document's type ('pdf', 'docx'…). */
  type: PageType;
  /** The table of the snippet's text, when stored with it (keyword/page-texts/page-text-record.ts). */
  table?: Uint8Array;
}

/** The texts results show, for these pages of the run (absent keys are left out). */
export async function readPageTexts(
  db: Queryable,
  run: { accountId: string; engineId: string; runId: string },
  keys: readonly string[],
): Promise<Map<string, PageText>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<PageText & { url_key: string }>(
    `SELECT url_key, title, body, description, language, type FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3::bigint AND url_key = ANY ($4::text[])`,
    [run.accountId, run.engineId, run.runId, keys],
  );
  return new Map(rows.map(({ url_key, ...text }) => [url_key, text]));
}

/** The custom tags of the published generation's pages, each with the pages carrying it. */
export async function countPublishedTags(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<{ tag: string; pages: number }[]> {
  const { rows } = await db.query<{ tag: string; pages: number }>(
    `SELECT tag, count(DISTINCT p.url_key)::int AS pages
     FROM crawlers c
     JOIN crawl_pages p ON p.account_id = c.account_id AND p.engine_id = c.engine_id AND p.run_id = c.published_run_id
     CROSS JOIN LATERAL jsonb_array_elements_text(
       CASE WHEN jsonb_typeof(p.custom_tags -> 'tags') = 'array' THEN p.custom_tags -> 'tags' ELSE '[]'::jsonb END
     ) AS tag
     WHERE c.account_id = $1 AND c.engine_id = $2 AND p.account_id = $1 AND p.engine_id = $2
     GROUP BY tag
     ORDER BY pages DESC, tag`,
    [accountId, engineId],
  );
  return rows;
}

/**
 * Brings the planner's statistics of crawl_pages up to date after a crawl is published, on PGlite:
 * it has no autovacuum, and without statistics it reads a result page's texts through the content
 * hash index, filtering the whole generation (measured: 9 ms for 10 pages of 20k, 0.2 ms after
 * ANALYZE, which took 200 ms). A PostgreSQL server's autovacuum does this by itself.
 */
export async function refreshPageStatistics(store: Store): Promise<void> {
  if (store.kind === 'pglite') await store.query('ANALYZE crawl_pages');
}
