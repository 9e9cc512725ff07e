import { storableText } from '../../store/storable-text.ts';
import type { Queryable } from '../../store/types.ts';

/** One generation (run) of an engine's pages. */
export interface PagesRun {
  accountId: string;
  engineId: string;
  runId: number;
}

/** A page a generation holds, as the URL inspector shows it. */
export interface HeldPage {
  urlKey: string;
  url: string;
  title: string;
  contentHash: string;
  /** When the version held was fetched. */
  fetchedAt: Date;
}

interface HeldPageRow {
  url_key: string;
  url: string;
  title: string;
  content_hash: string;
  fetched_at: Date;
}

const toHeldPage = (row: HeldPageRow): HeldPage => ({
  urlKey: row.url_key,
  url: row.url,
  title: row.title,
  contentHash: row.content_hash,
  fetchedAt: row.fetched_at,
});

/** The page the run holds under the first of `urlKeys` it has, else undefined. Reads only. */
export async function findHeldPage(
  db: Queryable,
  run: PagesRun,
  urlKeys: readonly string[],
): Promise<HeldPage | undefined> {
  if (urlKeys.length === 0) return undefined;
  const keys = urlKeys.map(storableText);
  const { rows } = await db.query<HeldPageRow>(
    `SELECT url_key, url, title, content_hash, fetched_at FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND url_key = ANY ($4::text[])`,
    [run.accountId, run.engineId, run.runId, keys],
  );
  const byKey = new Map(rows.map((row) => [row.url_key, row]));
  const found = keys.map((key) => byKey.get(key)).find((row) => row !== undefined);
  return found && toHeldPage(found);
}

/**
 * A page of the run with this content hash under another URL key than `urlKey` (the first by key),
 * else undefined: the page the crawler would call this one a duplicate of. Reads only.
 */
export async function findHeldDuplicate(
  db: Queryable,
  run: PagesRun,
  contentHash: string,
  urlKey: string,
): Promise<HeldPage | undefined> {
  const { rows } = await db.query<HeldPageRow>(
    `SELECT url_key, url, title, content_hash, fetched_at FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND content_hash = $4 AND url_key <> $5
     ORDER BY url_key LIMIT 1`,
    [run.accountId, run.engineId, run.runId, contentHash, storableText(urlKey)],
  );
  return rows[0] && toHeldPage(rows[0]);
}
