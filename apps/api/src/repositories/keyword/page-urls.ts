import type { Queryable } from '../../store/types.ts';

/** The prefix as a LIKE pattern that matches it literally, then anything. */
function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The starts of a crawled URL before its match key: its scheme and `www.`. */
const URL_STARTS = ['http://www.', 'https://www.'];

/**
 * Whether `prefix` stops inside a URL's scheme and `www.` ('', 'ht', 'https://ww'): then it matches
 * about every page, by the start of the whole URL, and no part of the match key narrows the pages.
 */
function withinUrlStart(prefix: string): boolean {
  const lower = prefix.toLowerCase();
  return URL_STARTS.some((start) => start.startsWith(lower));
}

/**
 * URLs of the engine's published crawl that start with `prefix`, compared without case and either
 * on the whole URL or after its scheme and `www.` (people type `example.com/do` as often as
 * `https://…`), in URL order, at most `limit`. None before a crawl is published. Account-filtered
 * like every read of tenant data.
 *
 * Asked on every keystroke, so it reads one range of the pages' match key (index
 * crawl_pages_url_match): the prefix without its scheme and `www.`, lower-cased as the key is, and
 * the whole-URL comparison only over that range. A prefix that stops inside the scheme or `www.`
 * matches about every page anyway: it reads the generation's pages by their primary key.
 */
export async function readPublishedPageUrls(
  db: Queryable,
  engine: { accountId: string; engineId: string },
  prefix: string,
  limit: number,
): Promise<string[]> {
  const typed = prefix.trim();
  // The typed start as a match key: the column's expression, on $5.
  const key = `(lower(regexp_replace($5::text, '^[a-z]+://(www\\.)?', '', 'i')) COLLATE "C")`;
  const everyPage = withinUrlStart(typed);
  const match = everyPage
    ? 'TRUE'
    : `p.url_match_key >= ${key} AND p.url_match_key < ${key} || chr(1114111)
       AND starts_with(p.url_match_key, ${key})`;
  // The published generation first, so that it, with the account and engine, leads the index.
  const { rows } = await db.query<{ url: string }>(
    `SELECT p.url
     FROM crawl_pages p
     WHERE p.account_id = $1 AND p.engine_id = $2
       AND p.run_id = (SELECT c.published_run_id FROM crawlers c WHERE c.account_id = $1 AND c.engine_id = $2)
       AND ${match}
       AND (p.url ILIKE $3 OR p.url_match_key ILIKE $3)
     ORDER BY p.url
     LIMIT $4`,
    [engine.accountId, engine.engineId, startsWithPattern(typed), limit, ...(everyPage ? [] : [typed])],
  );
  return rows.map((row) => row.url);
}
