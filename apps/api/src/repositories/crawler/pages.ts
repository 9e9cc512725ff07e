import type { PageType } from '@siteseer/core';
import { storableText } from '../../store/storable-text.ts';
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
  /** The share of its text that is link text, 0 to 1 (extract-page.ts); 0 when not known. */
  linkShare?: number;
  /** What the page was read from: 'html', or a document's type ('pdf', 'docx'…); 'html' when absent. */
  type?: PageType;
  contentHash: string;
}

/**
 * Stores a page of a run, replacing what the run had for its URL. Returns the URL of another page
 * of the run with the same content hash, if any (the caller marks this one Duplicated then), or null.
 */
export async function savePage(db: Queryable, page: CrawledPage): Promise<string | null> {
  return (await savePages(db, [page]))[0] ?? null;
}

/**
 * `savePage` for pages of one run at once (the crawl loop saves in batches): for each page in
 * order, the URL of an earlier page with its content hash (in the run, or earlier in the list), or
 * null when it was stored.
 */
export async function savePages(db: Queryable, given: readonly CrawledPage[]): Promise<(string | null)[]> {
  const pages = given.map(storablePage);
  const [first] = pages;
  if (!first) return [];
  const { accountId, engineId, runId } = first;
  const { rows } = await db.query<{ url_key: string; url: string; content_hash: string }>(
    `SELECT url_key, url, content_hash FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND content_hash = ANY ($4::text[])`,
    [accountId, engineId, runId, pages.map((page) => page.contentHash)],
  );
  // Hash → the pages already stored with it (their keys and one URL to name).
  const stored = new Map<string, { keys: Set<string>; url: string }>();
  const remember = (hash: string, key: string, url: string) => {
    const entry = stored.get(hash) ?? { keys: new Set<string>(), url };
    entry.keys.add(key);
    stored.set(hash, entry);
  };
  for (const row of rows) remember(row.content_hash, row.url_key, row.url);
  const duplicates = pages.map((page) => {
    const same = stored.get(page.contentHash);
    const other = same && [...same.keys].some((key) => key !== page.urlKey);
    if (other) return same.url;
    remember(page.contentHash, page.urlKey, page.url);
    return null;
  });
  const kept = [
    ...new Map(pages.filter((_, n) => duplicates[n] === null).map((p) => [p.urlKey, p])).values(),
  ];
  if (kept.length > 0) {
    await db.query(
      `INSERT INTO crawl_pages (account_id, engine_id, run_id, url_key, url, title, headings, description,
         language, body, custom_tags, content_hash, link_share, type)
       SELECT $1, $2, $3, p.url_key, p.url, p.title, ARRAY(SELECT jsonb_array_elements_text(p.headings::jsonb)),
         p.description, p.language, p.body, p.custom_tags::jsonb, p.content_hash, p.link_share, p.type
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::text[], $12::text[], $13::real[], $14::text[]) AS p (url_key, url, title, headings, description,
         language, body, custom_tags, content_hash, link_share, type)
       ON CONFLICT (account_id, engine_id, run_id, url_key) DO UPDATE SET url = excluded.url,
         title = excluded.title, headings = excluded.headings, description = excluded.description,
         language = excluded.language, body = excluded.body, custom_tags = excluded.custom_tags,
         content_hash = excluded.content_hash, link_share = excluded.link_share, type = excluded.type,
         fetched_at = now()`,
      [
        accountId,
        engineId,
        runId,
        kept.map((p) => p.urlKey),
        kept.map((p) => p.url),
        kept.map((p) => p.title),
        kept.map((p) => JSON.stringify(p.headings)),
        kept.map((p) => p.description),
        kept.map((p) => p.language),
        kept.map((p) => p.body),
        kept.map((p) => JSON.stringify(p.customTags)),
        kept.map((p) => p.contentHash),
        kept.map((p) => p.linkShare ?? 0),
        kept.map((p) => p.type ?? 'html'),
      ],
    );
  }
  return duplicates;
}

/**
 * The page as the store can hold it (storableText): its text is a web page's, which may hold a NUL
 * or half a surrogate pair, and one such page made the statement saving its batch fail. Custom tags
 * and headings go as JSON, which refuses them too.
 */
function storablePage(page: CrawledPage): CrawledPage {
  return {
    ...page,
    urlKey: storableText(page.urlKey),
    url: storableText(page.url),
    title: storableText(page.title),
    headings: page.headings.map(storableText),
    description: storableText(page.description),
    language: storableText(page.language),
    body: storableText(page.body),
    customTags: Object.fromEntries(
      Object.entries(page.customTags).map(([name, values]) => [storableText(name), values.map(storableText)]),
    ),
  };
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
 * Takes URLs' pages out of a run: a re-fetch of each ended in anything but a stored page (gone,
 * redirected, now a duplicate, noindex...), so the generation must not keep the page it carried.
 */
export async function dropPages(
  db: Queryable,
  run: Pick<CrawledPage, 'accountId' | 'engineId' | 'runId'>,
  urlKeys: readonly string[],
): Promise<void> {
  if (urlKeys.length === 0) return;
  await db.query(
    `DELETE FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND url_key = ANY ($4::text[])`,
    [run.accountId, run.engineId, run.runId, urlKeys.map(storableText)],
  );
}

/** `dropPages` for one URL. */
export async function dropPage(
  db: Queryable,
  page: Pick<CrawledPage, 'accountId' | 'engineId' | 'runId' | 'urlKey'>,
): Promise<void> {
  await dropPages(db, page, [page.urlKey]);
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
       language, body, custom_tags, content_hash, link_share, type, fetched_at)
     SELECT account_id, engine_id, $4, url_key, url, title, headings, description, language, body,
       custom_tags, content_hash, link_share, type, fetched_at
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
