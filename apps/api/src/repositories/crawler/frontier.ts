import { CRAWL_STATUS, type CrawlStatusCode } from '@siteseer/core';
import { storableOrNull, storableText } from '../../store/storable-text.ts';
import type { Queryable } from '../../store/types.ts';

/** Statuses of a URL waiting to be fetched: Created (never fetched) and Pending fetch. */
export const WAITING_STATUSES = [CRAWL_STATUS.CREATED, CRAWL_STATUS.PENDING_FETCH] as const;
const WAITING = `(${WAITING_STATUSES.join(', ')})`;
const WAITING_OR_INTERRUPTED = `(${[...WAITING_STATUSES, CRAWL_STATUS.INTERRUPTED].join(', ')})`;

/** A URL to add to an engine's frontier. */
export interface NewCrawlUrl {
  url: string;
  /** The normalised URL: a URL whose key is already in the frontier is not added again. */
  urlKey: string;
  /** The start URL (site) it was found from. */
  site: string;
  depth: number;
  discoveredFrom: string | null;
}

/**
 * Adds URLs to an engine's frontier as Created (0), once per key (the first of equal keys in the
 * list wins). With `requeue`, a key already there and done (not waiting) goes back to Pending
 * fetch (9): a start URL queued again. Returns how many URLs were added or requeued.
 */
export async function enqueueUrls(
  db: Queryable,
  accountId: string,
  engineId: string,
  urls: readonly NewCrawlUrl[],
  options: { requeue?: boolean } = {},
): Promise<number> {
  // One statement cannot insert and update the same key twice (ON CONFLICT DO UPDATE refuses).
  const unique = [
    ...new Map(
      urls
        .map(storableUrl)
        .toReversed()
        .map((u) => [u.urlKey, u]),
    ).values(),
  ].toReversed();
  if (unique.length === 0) return 0;
  const onConflict = options.requeue
    ? `DO UPDATE SET status = ${CRAWL_STATUS.PENDING_FETCH}, reason = NULL, lease_owner = NULL,
         lease_until = NULL
       WHERE crawl_urls.status NOT IN ${WAITING}`
    : 'DO NOTHING';
  const { rowCount } = await db.query(
    `INSERT INTO crawl_urls (account_id, engine_id, url, url_key, site, depth, discovered_from)
     SELECT $1, $2, u.url, u.url_key, u.site, u.depth, u.discovered_from
     FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::text[])
       WITH ORDINALITY AS u (url, url_key, site, depth, discovered_from, n)
     ORDER BY u.n
     ON CONFLICT (account_id, engine_id, url_key) ${onConflict}`,
    [
      accountId,
      engineId,
      unique.map((u) => u.url),
      unique.map((u) => u.urlKey),
      unique.map((u) => u.site),
      unique.map((u) => u.depth),
      unique.map((u) => u.discoveredFrom),
    ],
  );
  return rowCount;
}

/** How far a crawl's frontier may grow (the crawl limits of the configuration, ADR 0036). */
export interface FrontierLimits {
  /** Known URLs of an engine's frontier, at most. */
  maxUrls: number;
  /** URLs of one path that differ by their query string, at most. */
  maxQueryVariants: number;
}

/** What `queueFound` left out: links over the URL limit, and per path over the variant limit. */
export interface QueueResult {
  added: number;
  overUrls: number;
  overVariants: Record<string, number>;
}

/**
 * Adds URLs found by crawling (links, redirect targets, sitemap entries) to an engine's frontier as
 * Created (0), once per key, within the limits: a URL whose path already has `maxQueryVariants`
 * query-string variants is not added, nor anything once the frontier holds `maxUrls` URLs. One
 * statement, so the counts are the store's and hold across processes and restarts. Says what was
 * left out; URLs already in the frontier count as neither.
 */
export async function queueFound(
  db: Queryable,
  accountId: string,
  engineId: string,
  urls: readonly NewCrawlUrl[],
  limits: FrontierLimits,
): Promise<QueueResult> {
  const storable = urls.map(storableUrl);
  const unique = [...new Map(storable.toReversed().map((u) => [u.urlKey, u])).values()].toReversed();
  if (unique.length === 0) return { added: 0, overUrls: 0, overVariants: {} };
  const { rows } = await db.query<{
    added: number;
    over_urls: number;
    over_variants: Record<string, number>;
  }>(
    `WITH u AS (
       SELECT u.*, split_part(u.url_key, '?', 1) AS path_key, strpos(u.url_key, '?') > 0 AS has_query
       FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::text[])
         WITH ORDINALITY AS u (url, url_key, site, depth, discovered_from, n)
     ),
     fresh AS (
       SELECT u.*, row_number() OVER (PARTITION BY u.path_key, u.has_query ORDER BY u.n) AS nth
       FROM u
       WHERE NOT EXISTS (
         SELECT 1 FROM crawl_urls c WHERE c.account_id = $1 AND c.engine_id = $2 AND c.url_key = u.url_key)
     ),
     judged AS (
       SELECT f.*, NOT f.has_query OR f.nth + (
         SELECT count(*) FROM crawl_urls c
         WHERE c.account_id = $1 AND c.engine_id = $2 AND c.path_key = f.path_key
           AND strpos(c.url_key, '?') > 0) <= $8 AS variant_ok
       FROM fresh f
     ),
     chosen AS (
       SELECT * FROM judged WHERE variant_ok ORDER BY n
       LIMIT greatest(0, $9 - (SELECT count(*) FROM crawl_urls WHERE account_id = $1 AND engine_id = $2))
     ),
     ins AS (
       INSERT INTO crawl_urls (account_id, engine_id, url, url_key, site, depth, discovered_from)
       SELECT $1, $2, url, url_key, site, depth, discovered_from FROM chosen ORDER BY n
       ON CONFLICT (account_id, engine_id, url_key) DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM ins)::int AS added,
       ((SELECT count(*) FROM judged WHERE variant_ok) - (SELECT count(*) FROM chosen))::int AS over_urls,
       (SELECT coalesce(jsonb_object_agg(path_key, k), '{}'::jsonb)
        FROM (SELECT path_key, count(*)::int AS k FROM judged WHERE NOT variant_ok GROUP BY path_key) v)
         AS over_variants`,
    [
      accountId,
      engineId,
      unique.map((u) => u.url),
      unique.map((u) => u.urlKey),
      unique.map((u) => u.site),
      unique.map((u) => u.depth),
      unique.map((u) => u.discoveredFrom),
      limits.maxQueryVariants,
      limits.maxUrls,
    ],
  );
  const row = rows[0];
  return { added: row?.added ?? 0, overUrls: row?.over_urls ?? 0, overVariants: row?.over_variants ?? {} };
}

/**
 * How many of `urlKeys` the engine's frontier does not hold: what a full frontier leaves out,
 * counted without the work of trying to add them.
 */
export async function countUnknown(
  db: Queryable,
  accountId: string,
  engineId: string,
  urlKeys: readonly string[],
): Promise<number> {
  if (urlKeys.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM unnest($3::text[]) AS k (url_key)
     WHERE NOT EXISTS (
       SELECT 1 FROM crawl_urls c WHERE c.account_id = $1 AND c.engine_id = $2 AND c.url_key = k.url_key)`,
    [accountId, engineId, [...new Set(urlKeys.map(storableText))]],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The URL as the store can hold it (storableText). URLs parsed by WHATWG URL are ASCII already; a
 * caller's text that is not one must still not fail the statement of every URL it goes with.
 */
function storableUrl(url: NewCrawlUrl): NewCrawlUrl {
  return {
    ...url,
    url: storableText(url.url),
    urlKey: storableText(url.urlKey),
    site: storableText(url.site),
    discoveredFrom: storableOrNull(url.discoveredFrom),
  };
}

/** A URL taken to fetch, leased to one worker until `leaseUntil`. */
export interface LeasedUrl {
  id: number;
  url: string;
  urlKey: string;
  site: string;
  depth: number;
  status: CrawlStatusCode;
  /** What the previous fetch recorded, for a conditional GET and to see a change of content. */
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
  canonicalUrl: string | null;
  /** The key of the extraction settings its page was read with (see `CrawlOutcome.extraction`). */
  extraction: string | null;
  /** When it was last fetched and was due again: their gap is the `auto` frequency's interval. */
  lastCheck: Date | null;
  nextCheck: Date | null;
  attempts: number;
  leaseUntil: Date;
}

interface LeasedRow {
  id: number;
  url: string;
  url_key: string;
  site: string;
  depth: number;
  status: CrawlStatusCode;
  etag: string | null;
  last_modified: string | null;
  content_hash: string | null;
  canonical_url: string | null;
  extraction: string | null;
  last_check: Date | null;
  next_check: Date | null;
  attempts: number;
  lease_until: Date;
}

const LEASED_COLUMNS = `u.id, u.url, u.url_key, u.site, u.depth, u.status, u.etag, u.last_modified,
  u.content_hash, u.canonical_url, u.extraction, u.last_check, u.next_check, u.attempts, u.lease_until`;

function toLeased(row: LeasedRow): LeasedUrl {
  return {
    id: row.id,
    url: row.url,
    urlKey: row.url_key,
    site: row.site,
    depth: row.depth,
    status: row.status,
    etag: row.etag,
    lastModified: row.last_modified,
    contentHash: row.content_hash,
    canonicalUrl: row.canonical_url,
    extraction: row.extraction,
    lastCheck: row.last_check,
    nextCheck: row.next_check,
    attempts: row.attempts,
    leaseUntil: row.lease_until,
  };
}

/** Who holds a lease: the URL taken, by which worker. */
export interface Lease {
  accountId: string;
  engineId: string;
  id: number;
  owner: string;
}

/**
 * Takes up to `limit` waiting URLs of an engine whose lease is free or expired, leasing them to
 * `owner` for `leaseMs`: an equal share for each start URL (site) with work left, each share the
 * site's shallowest URLs in discovery order. Breadth first per site, so a trap (a calendar, a link
 * generator) only spends what is left after the pages near the start URLs, and one site's trap
 * never starves another site. Rows another transaction is taking are skipped (FOR UPDATE SKIP
 * LOCKED), so concurrent takers never get the same URL. Times are the database's, so every process
 * agrees on when a lease expires. Returned by depth, then discovery order.
 */
export async function takeWork(
  db: Queryable,
  work: { accountId: string; engineId: string; owner: string; leaseMs: number; limit: number },
): Promise<LeasedUrl[]> {
  const { rows } = await db.query<LeasedRow>(
    // The sites with waiting URLs, one index probe each (a skip scan: DISTINCT would read every
    // waiting row), then each site's share by the (site, depth, id) index.
    `WITH RECURSIVE sites AS (
       (SELECT site FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 AND status IN ${WAITING}
        ORDER BY site LIMIT 1)
       UNION ALL
       SELECT (SELECT c.site FROM crawl_urls c
               WHERE c.account_id = $1 AND c.engine_id = $2 AND c.status IN ${WAITING} AND c.site > s.site
               ORDER BY c.site LIMIT 1)
       FROM sites s WHERE s.site IS NOT NULL
     ),
     shares AS MATERIALIZED (
       SELECT t.id, t.depth, row_number() OVER (PARTITION BY s.site ORDER BY t.depth, t.id) AS turn
       FROM sites s CROSS JOIN LATERAL (
         SELECT id, depth FROM crawl_urls
         WHERE account_id = $1 AND engine_id = $2 AND site = s.site AND status IN ${WAITING}
           AND (lease_until IS NULL OR lease_until < now())
         ORDER BY depth, id
         LIMIT (SELECT ceil($5::float8 / count(*))::int FROM sites WHERE site IS NOT NULL)
         FOR UPDATE SKIP LOCKED
       ) t
       WHERE s.site IS NOT NULL
     ),
     -- More sites than the limit: one URL each, the shallowest sites' first.
     w AS MATERIALIZED (SELECT id FROM shares ORDER BY turn, depth, id LIMIT $5)
     ${LEASE_SQL}`,
    [work.accountId, work.engineId, work.owner, work.leaseMs, work.limit],
  );
  return rows.map(toLeased).sort((a, b) => a.depth - b.depth || a.id - b.id);
}

/**
 * Adds a URL already leased to `owner`, or takes it if it waits with its lease free: the target of
 * a redirect, whose answer the fetch that followed the redirect holds. Undefined when the URL was
 * fetched already or another worker has it. Adding it leased (rather than adding, then taking)
 * keeps the crawl loop from taking it in between and fetching it again.
 */
export async function takeOrAddUrl(
  db: Queryable,
  work: { accountId: string; engineId: string; owner: string; leaseMs: number },
  found: NewCrawlUrl,
): Promise<LeasedUrl | undefined> {
  const url = storableUrl(found);
  const { rows } = await db.query<LeasedRow>(
    `INSERT INTO crawl_urls AS u (account_id, engine_id, url, url_key, site, depth, discovered_from,
       lease_owner, lease_until, attempts)
     VALUES ($1, $2, $5, $6, $7, $8, $9, $3, now() + $4 * interval '1 millisecond', 1)
     ON CONFLICT (account_id, engine_id, url_key) DO NOTHING
     RETURNING ${LEASED_COLUMNS}`,
    [
      work.accountId,
      work.engineId,
      work.owner,
      work.leaseMs,
      url.url,
      url.urlKey,
      url.site,
      url.depth,
      url.discoveredFrom,
    ],
  );
  if (rows[0]) return toLeased(rows[0]);
  return leaseWaiting(db, work, url.urlKey);
}

// The UPDATE that leases the ids of the CTE `w`. MATERIALIZED: a subquery joined to the UPDATE
// may be scanned again per row, each scan locking more rows (LIMIT 1 leased 3 URLs on PGlite); a
// materialized CTE runs once. The ids as an array: joined to the CTE, the UPDATE scanned the whole
// table (12 ms at 6,000 URLs).
const LEASE_SQL = `UPDATE crawl_urls u SET lease_owner = $3, lease_until = now() + $4 * interval '1 millisecond',
       attempts = u.attempts + 1
     WHERE u.account_id = $1 AND u.engine_id = $2 AND u.id = ANY (ARRAY(SELECT id FROM w))
     RETURNING ${LEASED_COLUMNS}`;

async function leaseWaiting(
  db: Queryable,
  work: { accountId: string; engineId: string; owner: string; leaseMs: number },
  urlKey: string,
): Promise<LeasedUrl | undefined> {
  const { rows } = await db.query<LeasedRow>(
    `WITH w AS MATERIALIZED (
       SELECT id FROM crawl_urls
       WHERE account_id = $1 AND engine_id = $2 AND status IN ${WAITING}
         AND (lease_until IS NULL OR lease_until < now()) AND url_key = $5
       FOR UPDATE SKIP LOCKED
     )
     ${LEASE_SQL}`,
    [work.accountId, work.engineId, work.owner, work.leaseMs, urlKey],
  );
  return rows[0] && toLeased(rows[0]);
}

/** What a fetch of a URL came to: its status and what the next fetch needs. */
export interface CrawlOutcome {
  status: Exclude<CrawlStatusCode, 0 | 8 | 9>;
  /** Why it has this status (a refused address, the HTTP status, a robots.txt rule...). */
  reason?: string | null;
  /** When to fetch it again (the crawl frequency); null: not again. */
  nextCheck?: Date | null;
  etag?: string | null;
  lastModified?: string | null;
  contentHash?: string | null;
  canonicalUrl?: string | null;
  /**
   * The key of the crawler's extraction settings the validators go with: the next fetch sends them
   * only under the same settings, as a 304 keeps the page as it was read.
   */
  extraction?: string | null;
}

/**
 * Records the outcome of a leased URL and frees it. False when the lease is no longer the
 * caller's (it expired and another worker took the URL): the outcome is then dropped, so a URL is
 * recorded once. A fetch that ends after its crawl was stopped is still recorded: the URL was
 * fetched, and the work is not thrown away.
 */
export async function completeWork(db: Queryable, lease: Lease, outcome: CrawlOutcome): Promise<boolean> {
  const { accountId, engineId, owner } = lease;
  return (await completeMany(db, { accountId, engineId, owner }, [{ id: lease.id, outcome }])) > 0;
}

/**
 * `completeWork` for URLs leased by one owner in one engine, in one statement (the crawl loop
 * records in batches). Returns how many were recorded.
 */
export async function completeMany(
  db: Queryable,
  owner: Omit<Lease, 'id'>,
  done: readonly { id: number; outcome: CrawlOutcome }[],
): Promise<number> {
  if (done.length === 0) return 0;
  const column = <T>(pick: (outcome: CrawlOutcome) => T) => done.map(({ outcome }) => pick(outcome));
  const { rowCount } = await db.query(
    `UPDATE crawl_urls c SET status = d.status, reason = d.reason, last_check = now(),
       next_check = d.next_check, etag = d.etag, last_modified = d.last_modified,
       content_hash = d.content_hash, canonical_url = d.canonical_url, extraction = d.extraction,
       lease_owner = NULL, lease_until = NULL
     FROM unnest($4::bigint[], $5::smallint[], $6::text[], $7::timestamptz[], $8::text[], $9::text[],
       $10::text[], $11::text[], $12::text[]) AS d (id, status, reason, next_check, etag, last_modified,
       content_hash, canonical_url, extraction)
     WHERE c.account_id = $1 AND c.engine_id = $2 AND c.id = d.id AND c.lease_owner = $3
       AND c.status IN ${WAITING_OR_INTERRUPTED}`,
    [
      owner.accountId,
      owner.engineId,
      owner.owner,
      done.map(({ id }) => id),
      column((o) => o.status),
      // Reasons may quote a page or a server, validators are a server's headers: storable text.
      column((o) => storableOrNull(o.reason)),
      column((o) => o.nextCheck ?? null),
      column((o) => storableOrNull(o.etag)),
      column((o) => storableOrNull(o.lastModified)),
      column((o) => o.contentHash ?? null),
      column((o) => storableOrNull(o.canonicalUrl)),
      column((o) => o.extraction ?? null),
    ],
  );
  return rowCount;
}

/** Gives a leased URL back unfetched (its host is busy, say), to be taken again at once. */
export async function releaseWork(db: Queryable, lease: Lease): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE crawl_urls SET lease_owner = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0)
     WHERE account_id = $1 AND engine_id = $2 AND id = $3 AND lease_owner = $4`,
    [lease.accountId, lease.engineId, lease.id, lease.owner],
  );
  return rowCount > 0;
}

/**
 * Gives a leased URL back to be fetched again later, not before `delayMs` (a 429 or 503 asked the
 * crawler to wait); its attempt is counted.
 */
export async function deferWork(db: Queryable, lease: Lease, delayMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE crawl_urls SET status = ${CRAWL_STATUS.PENDING_FETCH}, lease_owner = NULL,
       lease_until = now() + $5 * interval '1 millisecond'
     WHERE account_id = $1 AND engine_id = $2 AND id = $3 AND lease_owner = $4 AND status IN ${WAITING}`,
    [lease.accountId, lease.engineId, lease.id, lease.owner, delayMs],
  );
  return rowCount > 0;
}

/** How many URLs of the engine still wait to be fetched (leased, deferred or not). */
export async function countWaiting(db: Queryable, accountId: string, engineId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM crawl_urls
     WHERE account_id = $1 AND engine_id = $2 AND status IN ${WAITING}`,
    [accountId, engineId],
  );
  return rows[0]?.n ?? 0;
}

/** How many URLs of the engine have the status. */
export async function countStatus(
  db: Queryable,
  accountId: string,
  engineId: string,
  status: CrawlStatusCode,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 AND status = $3',
    [accountId, engineId, status],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The engine's URLs fetched or tried (neither waiting nor interrupted), and of them those whose
 * server answered 4xx or 5xx (their reason is the status: `HTTP 404`, `HTTP 503`).
 */
export async function countHttpErrors(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<{ fetched: number; httpErrors: number }> {
  const { rows } = await db.query<{ fetched: number; http_errors: number }>(
    `SELECT count(*)::int AS fetched, (count(*) FILTER (WHERE reason ~ '^HTTP [45][0-9][0-9]$'))::int AS http_errors
     FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 AND status NOT IN ($3, $4, $5)`,
    [accountId, engineId, CRAWL_STATUS.CREATED, CRAWL_STATUS.INTERRUPTED, CRAWL_STATUS.PENDING_FETCH],
  );
  return { fetched: rows[0]?.fetched ?? 0, httpErrors: rows[0]?.http_errors ?? 0 };
}

/** How many URLs of the engine were fetched (checked) since `since`: a run's fetches so far. */
export async function countCheckedSince(
  db: Queryable,
  accountId: string,
  engineId: string,
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 AND last_check >= $3',
    [accountId, engineId, since],
  );
  return rows[0]?.n ?? 0;
}

/**
 * URLs whose worker died (their lease expired unrecorded) go back to Pending fetch (9) with the
 * lease cleared, as a restarted crawl finds them. Returns how many.
 */
export async function recoverExpiredLeases(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE crawl_urls SET status = ${CRAWL_STATUS.PENDING_FETCH}, lease_owner = NULL, lease_until = NULL
     WHERE account_id = $1 AND engine_id = $2 AND status IN ${WAITING} AND lease_until < now()`,
    [accountId, engineId],
  );
  return rowCount;
}

/**
 * A run that reached its page limit: its waiting URLs become Interrupted (8) with `reason`, their
 * leases freed, so that starting the crawl again fetches them. Returns how many.
 */
export async function leaveUnfetched(
  db: Queryable,
  accountId: string,
  engineId: string,
  reason: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE crawl_urls SET status = ${CRAWL_STATUS.INTERRUPTED}, reason = $3, lease_owner = NULL,
       lease_until = NULL
     WHERE account_id = $1 AND engine_id = $2 AND status IN ${WAITING}`,
    [accountId, engineId, reason],
  );
  return rowCount;
}

/** A crawl started again: its Interrupted (8) URLs go back to Pending fetch (9), free. Returns how many. */
export async function resumeInterrupted(db: Queryable, accountId: string, engineId: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE crawl_urls SET status = ${CRAWL_STATUS.PENDING_FETCH}, reason = NULL, lease_owner = NULL,
       lease_until = NULL
     WHERE account_id = $1 AND engine_id = $2 AND status = ${CRAWL_STATUS.INTERRUPTED}`,
    [accountId, engineId],
  );
  return rowCount;
}

/** A recreated crawler starts over: its frontier is emptied (its pages stay, per generation). */
export async function clearFrontier(db: Queryable, accountId: string, engineId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM crawl_urls WHERE account_id = $1 AND engine_id = $2', [
    accountId,
    engineId,
  ]);
  return rowCount;
}
