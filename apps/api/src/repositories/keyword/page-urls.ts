import type { Queryable } from '../../store/types.ts';

/** The prefix as a LIKE pattern that matches it literally, then anything. */
function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * URLs of the engine's published crawl that start with `prefix`, compared without case and either
 * on the whole URL or after its scheme and `www.` (people type `example.com/do` as often as
 * `https://…`), in URL order, at most `limit`. None before a crawl is published. Account-filtered
 * like every read of tenant data; one pass over the published generation's rows of the primary key
 * (account_id, engine_id, run_id, url_key).
 */
export async function readPublishedPageUrls(
  db: Queryable,
  engine: { accountId: string; engineId: string },
  prefix: string,
  limit: number,
): Promise<string[]> {
  const pattern = startsWithPattern(prefix.trim());
  const { rows } = await db.query<{ url: string }>(
    `SELECT p.url
     FROM crawlers c
     JOIN crawl_pages p ON p.account_id = c.account_id AND p.engine_id = c.engine_id AND p.run_id = c.published_run_id
     WHERE c.account_id = $1 AND c.engine_id = $2 AND p.account_id = $1 AND p.engine_id = $2
       AND (p.url ILIKE $3 OR regexp_replace(p.url, '^[a-z]+://(www\\.)?', '', 'i') ILIKE $3)
     ORDER BY p.url
     LIMIT $4`,
    [engine.accountId, engine.engineId, pattern, limit],
  );
  return rows.map((row) => row.url);
}
