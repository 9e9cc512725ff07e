import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/** One crawled URL of the crawl report. */
export const CrawlReportHit = z.object({
  id: Id,
  url: z.string(),
  status: z.number().int(),
  last_check: Timestamp.nullable(),
  next_check: Timestamp.nullable(),
  /**
   * Siteseer's addition: why the URL failed, was refused or was not indexed, in words a site owner
   * acts on ('HTTP 503', 'The address 10.0.0.5 is private…', 'Not indexed: the page asks not to
   * be (noindex).'); absent when there is nothing to say (a page indexed as it is).
   */
  reason: z.string().optional(),
  /**
   * Siteseer's addition: the page whose link (or redirect) first led the crawl to this URL, what
   * a site owner asks first of a '404' or a redirect loop; absent for a start URL or one a sitemap
   * listed.
   */
  found_on: z.string().optional(),
});
export type CrawlReportHit = z.infer<typeof CrawlReportHit>;

/** Where an engine's crawl is: running, done (finished, or stopped by a user), or failed. */
export const CrawlState = z.enum(['crawling', 'finished', 'stopped', 'failed']);
export type CrawlState = z.infer<typeof CrawlState>;

/**
 * Siteseer's addition to the report: which crawl (run) search answers from. Each finished crawl is
 * published as a new generation of pages, unless it lost more than 10 % of the published one's
 * pages: then it is `held` (with `message` saying so) until the owner publishes it anyway.
 */
export const CrawlPublication = z.object({
  /** The published run; null until a crawl is published. */
  publishedRunId: z.number().int().nullable(),
  publishedPages: z.number().int().min(0),
  latestRunId: z.number().int(),
  /** The latest run's pages, counted when it finished; null while it runs or if it did not finish. */
  latestPages: z.number().int().min(0).nullable(),
  held: z.boolean(),
  /** Why the latest crawl is held, and how to publish it anyway (only when held). */
  message: z.string().optional(),
});
export type CrawlPublication = z.infer<typeof CrawlPublication>;

const Count = z.number().int().min(0);

/**
 * Siteseer's addition: one sitemap file of the start sites, as the crawl read it (once per crawl,
 * before its first page). Sitemaps are not crawled URLs, so they have no row, and no status code,
 * among the hits: a refused sitemap and the pages one listed that the crawl left out are said here.
 */
export const CrawlReportSitemap = z.object({
  url: z.string(),
  /** What it turned out to be once read: a list of pages, or an index of sitemaps; absent when not read. */
  kind: z.enum(['sitemap', 'index']).optional(),
  /**
   * Why it was not read ('answered HTTP 404', 'larger than 52428800 bytes uncompressed', an address
   * the crawler may not reach...), or read only in part; absent when read whole.
   */
  reason: z.string().optional(),
  /** Of a sitemap: its pages handed to the crawl (a page listed by an earlier sitemap counts there). */
  queued: Count,
  /** Of a sitemap: its pages on none of the crawl's sites, left out. */
  otherSite: Count,
  /** Of a sitemap: its pages on a site of the crawl that the URL filters leave out. */
  filtered: Count,
  /** Of a sitemap: entries with no URL the crawler fetches (not http(s), a user name, too long). */
  invalid: Count,
  /** Of an index: the sitemaps it lists, each a row of its own. */
  sitemaps: Count,
});
export type CrawlReportSitemap = z.infer<typeof CrawlReportSitemap>;

/** Siteseer's addition: the sitemaps of the current crawl, once it has read them. */
export const CrawlReportSitemaps = z.object({
  files: z.array(CrawlReportSitemap),
  /** Sitemaps not read that are left out of `files` past its first 100 (an index listing thousands). */
  omitted: Count,
});
export type CrawlReportSitemaps = z.infer<typeof CrawlReportSitemaps>;

/**
 * Siteseer's addition to the report: a crawl limit the latest crawl reached (the server's
 * configuration sets them) and what it left out: links not queued (`urls`, `queryVariants` of one
 * `path`), URLs not fetched (`pages`), pages whose links were not followed (`depth`). `message`
 * says it in words (see `crawlLimitSentence`).
 */
export const CrawlLimitReached = z.object({
  kind: z.enum(['urls', 'pages', 'queryVariants', 'depth']),
  limit: z.number().int().min(0),
  count: z.number().int().min(0),
  /** The URL path (without its query) whose variants were left out; absent for several paths. */
  path: z.string().optional(),
  message: z.string(),
});
export type CrawlLimitReached = z.infer<typeof CrawlLimitReached>;

/**
 * Siteseer's addition: the fetched pages of the engine's crawl told apart, whatever the filter:
 * `indexed` (Success, in search) and `notIndexed`, fetched but left out of search (noindex, not
 * HTML, larger than the crawler reads), whatever their status code says.
 */
export const CrawlPageCounts = z.object({ indexed: Count, notIndexed: Count });
export type CrawlPageCounts = z.infer<typeof CrawlPageCounts>;

/**
 * Siteseer's addition: the pace of the current crawl, from stored check times: since `startedAt`,
 * `checked` URLs were fetched, the last at `lastCheckAt` (null before the first).
 */
export const CrawlRunPace = z.object({
  startedAt: Timestamp,
  checked: Count,
  lastCheckAt: Timestamp.nullable(),
});
export type CrawlRunPace = z.infer<typeof CrawlRunPace>;

/**
 * The crawl report response: total, time taken (ms), whether the crawl is finalized, and hits.
 * Siteseer adds `counts`: how many URLs of the engine have each status code (keys are the codes,
 * whatever the filter), and `state`, where the crawl is (`failed` tells a failed crawl from one
 * that finished), `publication`, `limits`, `sitemaps` (above; `sitemaps` absent until the crawl
 * has read them), `pages` and `run` (above; absent when the engine has no crawler).
 */
export const CrawlReportResponse = z.object({
  hits: z.object({
    total: z.object({ value: z.number().int().min(0) }),
    hits: z.array(CrawlReportHit),
  }),
  took: z.number().min(0),
  finalized: z.boolean(),
  counts: z.record(z.string(), z.number().int().min(0)).default({}),
  state: CrawlState.optional(),
  publication: CrawlPublication.optional(),
  limits: z.array(CrawlLimitReached).default([]),
  sitemaps: CrawlReportSitemaps.optional(),
  pages: CrawlPageCounts.optional(),
  run: CrawlRunPace.optional(),
});
export type CrawlReportResponse = z.infer<typeof CrawlReportResponse>;
