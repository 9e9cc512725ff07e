import type { Queryable } from '../../store/types.ts';

/** The extracted fields of a fetched page (never its HTML), as one run (generation) stores them. */
export interface CrawledPage {
  accountId: string;
  engineId: string;
  runId: number;
  urlKey: string;
  url: string;
  title: string;
  headings: readonly string[];
  description: string;
  language: string;
  body: string;
  customTags: Record<string, string[]>;
  contentHash: string;
}

/**
 * Stores a page of a run, replacing what the run had for its URL. Returns the URL of another page
 * of the run with the same content hash, if any (the caller marks this one Duplicated then), or null.
 */
export async function savePage(db: Queryable, page: CrawledPage): Promise<string | null> {
  const { rows } = await db.query<{ url: string }>(
    `SELECT url FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND content_hash = $4 AND url_key <> $5
     LIMIT 1`,
    [page.accountId, page.engineId, page.runId, page.contentHash, page.urlKey],
  );
  if (rows[0]) return rows[0].url;
  await db.query(
    `INSERT INTO crawl_pages (account_id, engine_id, run_id, url_key, url, title, headings, description,
       language, body, custom_tags, content_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb, $12)
     ON CONFLICT (account_id, engine_id, run_id, url_key) DO UPDATE SET url = $5, title = $6,
       headings = $7, description = $8, language = $9, body = $10, custom_tags = $11::text::jsonb,
       content_hash = $12, fetched_at = now()`,
    [
      page.accountId,
      page.engineId,
      page.runId,
      page.urlKey,
      page.url,
      page.title,
      page.headings,
      page.description,
      page.language,
      page.body,
      JSON.stringify(page.customTags),
      page.contentHash,
    ],
  );
  return null;
}

/** How many pages a run stored (the publishing guard compares generations by it). */
export async function countPages(db: Queryable, accountId: string, engineId: string, runId: number) {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 AND run_id = $3',
    [accountId, engineId, runId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Takes a URL's page out of a run: a re-fetch of it ended in anything but a stored page (gone,
 * redirected, now a duplicate, noindex...), so the generation must not keep the page it carried.
 */
export async function dropPage(
  db: Queryable,
  page: Pick<CrawledPage, 'accountId' | 'engineId' | 'runId' | 'urlKey'>,
): Promise<void> {
  await db.query(
    'DELETE FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND url_key = $4',
    [page.accountId, page.engineId, page.runId, page.urlKey],
  );
}

/**
 * Copies the pages of run `fromRun` into run `toRun`: a re-crawl's generation starts as the last
 * one, and the URLs it fetches again replace (`savePage`) or drop (`dropPage`) their page.
 */
export async function carryPages(
  db: Queryable,
  accountId: string,
  engineId: string,
  fromRun: number,
  toRun: number,
): Promise<void> {
  await db.query(
    `INSERT INTO crawl_pages (account_id, engine_id, run_id, url_key, url, title, headings, description,
       language, body, custom_tags, content_hash, fetched_at)
     SELECT account_id, engine_id, $4, url_key, url, title, headings, description, language, body,
       custom_tags, content_hash, fetched_at
     FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 AND run_id = $3`,
    [accountId, engineId, fromRun, toRun],
  );
}

/** Deletes the pages of every run of the engine but `runIds` (storage: no one reads them again). */
export async function keepRuns(
  db: Queryable,
  accountId: string,
  engineId: string,
  runIds: readonly number[],
): Promise<void> {
  await db.query(
    'DELETE FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 AND run_id <> ALL ($3::bigint[])',
    [accountId, engineId, runIds],
  );
}
