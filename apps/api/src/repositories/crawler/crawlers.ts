import type { CrawlFrequency, CrawlState, DocumentType, PageLoadDelay } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';
import { carryPages, keepRuns } from './pages.ts';

export type { CrawlState };

/** The crawler fields of the spec, as the crawler reads them. */
export interface CrawlerFields {
  urls: readonly string[];
  pageLoadDelay: PageLoadDelay;
  crawlFrequency: CrawlFrequency;
  useContentTarget: boolean;
  contentTarget: string;
  useExcludeTarget: boolean;
  excludeContentTargets: readonly string[];
  customTagsSelector: string;
  customTagsAttributeName: string;
  removeHashFragments: boolean;
  urlFilters: readonly string[] | null;
  /** Query parameters dropped from URLs besides the built-in ones (names or `prefix*`). */
  ignoreParameters: readonly string[];
  /** The document types indexed besides HTML pages (none when empty). */
  documentTypes: readonly DocumentType[];
  /** Whether HTML pages are rendered in headless Chromium before they are read. */
  renderJavaScript: boolean;
}

export interface Crawler extends CrawlerFields {
  accountId: string;
  engineId: string;
  state: CrawlState;
  runId: number;
  runStartedAt: Date;
  runFinishedAt: Date | null;
  publishedRunId: number | null;
  /** The published generation's pages, counted when it was published (0 when none is). */
  publishedPages: number;
  /** The current run's pages, counted when it finished; null while it runs or if it did not finish. */
  runPages: number | null;
  /** The current run when it finished but the 10 % guard did not publish it; else null. */
  heldRunId: number | null;
  /** What the current run left out because it reached a crawl limit. */
  runLimits: RunLimits;
}

/**
 * What a run left out because it reached a crawl limit (ADR 0036), with the limit in force when it
 * did: links not queued (over the URL limit, or per path over the query-variant limit), URLs not
 * fetched (the page limit), pages whose links were not followed (the depth limit).
 */
export interface RunLimits {
  urls?: { limit: number; count: number };
  pages?: { limit: number; count: number };
  depth?: { limit: number; count: number };
  /** Links not queued per path (a few paths named; `otherPaths` counts the links of the rest). */
  queryVariants?: { limit: number; paths: Record<string, number>; otherPaths?: number };
}

interface CrawlerRow {
  account_id: string;
  engine_id: string;
  urls: string[];
  page_load_delay: PageLoadDelay;
  crawl_frequency: CrawlFrequency;
  use_content_target: boolean;
  content_target: string;
  use_exclude_target: boolean;
  exclude_content_targets: string[];
  custom_tags_selector: string;
  custom_tags_attribute_name: string;
  remove_hash_fragments: boolean;
  url_filters: string[] | null;
  ignore_parameters: string[];
  document_types: DocumentType[];
  render_javascript: boolean;
  state: CrawlState;
  run_id: number;
  run_started_at: Date;
  run_finished_at: Date | null;
  published_run_id: number | null;
  published_pages: number;
  run_pages: number | null;
  held_run_id: number | null;
  run_limits: RunLimits;
}

const COLUMNS = `account_id, engine_id, urls, page_load_delay, crawl_frequency, use_content_target,
  content_target, use_exclude_target, exclude_content_targets, custom_tags_selector,
  custom_tags_attribute_name, remove_hash_fragments, url_filters, ignore_parameters, document_types,
  render_javascript, state, run_id, run_started_at, run_finished_at, published_run_id, published_pages, run_pages,
  held_run_id, run_limits`;

function toCrawler(row: CrawlerRow): Crawler {
  return {
    accountId: row.account_id,
    engineId: row.engine_id,
    urls: row.urls,
    pageLoadDelay: row.page_load_delay,
    crawlFrequency: row.crawl_frequency,
    useContentTarget: row.use_content_target,
    contentTarget: row.content_target,
    useExcludeTarget: row.use_exclude_target,
    excludeContentTargets: row.exclude_content_targets,
    customTagsSelector: row.custom_tags_selector,
    customTagsAttributeName: row.custom_tags_attribute_name,
    removeHashFragments: row.remove_hash_fragments,
    urlFilters: row.url_filters,
    ignoreParameters: row.ignore_parameters,
    documentTypes: row.document_types,
    renderJavaScript: row.render_javascript,
    state: row.state,
    runId: row.run_id,
    runStartedAt: row.run_started_at,
    runFinishedAt: row.run_finished_at,
    publishedRunId: row.published_run_id,
    publishedPages: row.published_pages,
    runPages: row.run_pages,
    heldRunId: row.held_run_id,
    runLimits: row.run_limits,
  };
}

export async function findCrawler(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<Crawler | undefined> {
  const { rows } = await db.query<CrawlerRow>(
    `SELECT ${COLUMNS} FROM crawlers WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId],
  );
  return rows[0] && toCrawler(rows[0]);
}

/**
 * Creates the engine's crawler, or replaces the settings of the one it has, and returns it. A new
 * crawler starts its first run (crawling); an existing one keeps its state and run (`startRun`).
 */
export async function saveCrawler(
  db: Queryable,
  accountId: string,
  engineId: string,
  fields: CrawlerFields,
): Promise<Crawler> {
  const { rows } = await db.query<CrawlerRow>(
    `INSERT INTO crawlers (account_id, engine_id, urls, page_load_delay, crawl_frequency,
       use_content_target, content_target, use_exclude_target, exclude_content_targets,
       custom_tags_selector, custom_tags_attribute_name, remove_hash_fragments, url_filters,
       ignore_parameters, document_types, render_javascript)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (account_id, engine_id) DO UPDATE SET urls = $3, page_load_delay = $4,
       crawl_frequency = $5, use_content_target = $6, content_target = $7, use_exclude_target = $8,
       exclude_content_targets = $9, custom_tags_selector = $10, custom_tags_attribute_name = $11,
       remove_hash_fragments = $12, url_filters = $13, ignore_parameters = $14, document_types = $15,
       render_javascript = $16, updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      accountId,
      engineId,
      fields.urls,
      fields.pageLoadDelay,
      fields.crawlFrequency,
      fields.useContentTarget,
      fields.contentTarget,
      fields.useExcludeTarget,
      fields.excludeContentTargets,
      fields.customTagsSelector,
      fields.customTagsAttributeName,
      fields.removeHashFragments,
      fields.urlFilters,
      fields.ignoreParameters,
      [...new Set(fields.documentTypes)],
      fields.renderJavaScript,
    ],
  );
  return toCrawler(rows[0] as CrawlerRow);
}

/** Adds a start URL (site) to the crawler's list, so re-crawls start from it too. */
export async function addCrawlerUrl(db: Queryable, accountId: string, engineId: string, url: string) {
  await db.query(
    `UPDATE crawlers SET urls = array_append(urls, $3), updated_at = now()
     WHERE account_id = $1 AND engine_id = $2 AND NOT ($3 = ANY (urls))`,
    [accountId, engineId, url],
  );
}

/**
 * Puts the crawler in the crawling state. `newRun` (or a crawl that was not running) starts the
 * next run: a new generation of pages, empty for `newRun` (a recreated crawler), else a copy of the
 * previous run's pages. Pages of runs that are neither published nor the current one are deleted:
 * only the current run can finish and be published. Call it in a transaction, so the run and its
 * pages change together. Returns the run id the crawl is in.
 */
export async function startRun(
  db: Queryable,
  accountId: string,
  engineId: string,
  newRun: boolean,
): Promise<number> {
  // The locked read gives the run this start follows, even when another start just committed.
  const { rows } = await db.query<{
    run_id: number;
    previous_run_id: number;
    published_run_id: number | null;
  }>(
    `WITH previous AS (
       SELECT run_id, state FROM crawlers WHERE account_id = $1 AND engine_id = $2 FOR UPDATE
     )
     UPDATE crawlers c SET
       run_id = CASE WHEN $3 OR p.state <> 'crawling' THEN p.run_id + 1 ELSE p.run_id END,
       run_started_at = CASE WHEN $3 OR p.state <> 'crawling' THEN now() ELSE c.run_started_at END,
       run_limits = CASE WHEN $3 OR p.state <> 'crawling' THEN '{}' ELSE c.run_limits END,
       state = 'crawling', run_finished_at = NULL, run_pages = NULL, held_run_id = NULL,
       updated_at = now()
     FROM previous p WHERE c.account_id = $1 AND c.engine_id = $2
     RETURNING c.run_id, p.run_id AS previous_run_id, c.published_run_id`,
    [accountId, engineId, newRun],
  );
  const row = rows[0];
  if (!row) return 0;
  if (row.run_id !== row.previous_run_id) {
    if (!newRun) await carryPages(db, accountId, engineId, row.previous_run_id, row.run_id);
    const kept = row.published_run_id === null ? [row.run_id] : [row.run_id, row.published_run_id];
    await keepRuns(db, accountId, engineId, kept);
  }
  return row.run_id;
}

/**
 * Ends the current run `runId` with `state` (finished or failed); false when the crawl is no longer
 * in that run or no longer crawling (stopped by a user, or restarted meanwhile).
 */
export async function endRun(
  db: Queryable,
  accountId: string,
  engineId: string,
  runId: number,
  state: Exclude<CrawlState, 'crawling' | 'stopped'>,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE crawlers SET state = $4, run_finished_at = now(), updated_at = now()
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND state = 'crawling'`,
    [accountId, engineId, runId, state],
  );
  return rowCount > 0;
}

/**
 * The crawls that are running, across accounts: what the crawl loop works on. The one query here
 * that is not a tenant's: the scheduler serves every account, then works per account and engine.
 */
export async function listRunningCrawls(
  db: Queryable,
): Promise<{ accountId: string; engineId: string; runId: number }[]> {
  const { rows } = await db.query<{ account_id: string; engine_id: string; run_id: number }>(
    `SELECT account_id, engine_id, run_id FROM crawlers WHERE state = 'crawling' ORDER BY run_started_at`,
  );
  return rows.map((row) => ({ accountId: row.account_id, engineId: row.engine_id, runId: row.run_id }));
}

/** Records what run `runId` left out by reaching a crawl limit (nothing if another run began). */
export async function saveRunLimits(
  db: Queryable,
  crawl: { accountId: string; engineId: string; runId: number },
  limits: RunLimits,
): Promise<void> {
  await db.query(
    'UPDATE crawlers SET run_limits = $4 WHERE account_id = $1 AND engine_id = $2 AND run_id = $3',
    [crawl.accountId, crawl.engineId, crawl.runId, JSON.stringify(limits)],
  );
}

/** A user stopped the crawl: it is no longer running (its waiting URLs are interrupted apart). */
export async function stopRun(db: Queryable, accountId: string, engineId: string): Promise<void> {
  await db.query(
    `UPDATE crawlers SET state = 'stopped', run_finished_at = now(), updated_at = now()
     WHERE account_id = $1 AND engine_id = $2 AND state = 'crawling'`,
    [accountId, engineId],
  );
}

/**
 * Makes the finished run `runId` (of `pages` pages) the published generation; false when the crawl
 * is no longer that finished run (started again meanwhile).
 */
export async function publishRun(
  db: Queryable,
  accountId: string,
  engineId: string,
  runId: number,
  pages: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE crawlers SET published_run_id = run_id, published_pages = $4, run_pages = $4,
       held_run_id = NULL, updated_at = now()
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND state = 'finished'`,
    [accountId, engineId, runId, pages],
  );
  return rowCount > 0;
}

/** Records that the finished run `runId` (of `pages` pages) was held back by the 10 % guard. */
export async function holdRun(
  db: Queryable,
  accountId: string,
  engineId: string,
  runId: number,
  pages: number,
): Promise<void> {
  await db.query(
    `UPDATE crawlers SET held_run_id = run_id, run_pages = $4, updated_at = now()
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 AND state = 'finished'`,
    [accountId, engineId, runId, pages],
  );
}
