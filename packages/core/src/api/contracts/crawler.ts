import { z } from 'zod';
import { LIMITS } from '../../constants.ts';
import { Id } from '../../domain/common.ts';
import { CrawlReportResponse } from '../../domain/crawl-report.ts';
import { CrawlerSettings } from '../../domain/keyword.ts';
import { defineCall } from '../contract.ts';

/**
 * Body of `POST datasource/crawler`: the crawler settings the spec lists (origin and custom tag
 * icons stay with the engine and client), plus `recreate`: true makes a new crawler (wizard create:
 * the frontier starts over), false updates the existing one's settings (wizard edit).
 */
export const CreateCrawlerBody = CrawlerSettings.omit({ origin: true, customTags: true }).extend({
  accountId: Id,
  engineId: Id,
  recreate: z.boolean().default(false),
});
export type CreateCrawlerBody = z.infer<typeof CreateCrawlerBody>;

/** Body of `PUT datasource/crawler`: start crawling one new site of the engine. */
export const StartCrawlBody = z.object({ accountId: Id, engineId: Id, site: z.string().trim().min(1) });
export type StartCrawlBody = z.infer<typeof StartCrawlBody>;

/** Answer of the crawler calls: the engine and how many URLs were queued for crawling. */
export const CrawlerQueued = z.object({ engineId: Id, queued: z.number().int().min(0) });
export type CrawlerQueued = z.infer<typeof CrawlerQueued>;

/** Body of `POST datasource/crawler/report`: one page of the crawl report. */
export const CrawlReportBody = z.object({
  accountId: Id,
  engineId: Id,
  fromIndex: z.number().int().min(0).default(0),
  resultSize: z.number().int().min(1).max(100).default(LIMITS.crawlReportPageSize),
  searchTerm: z.string().default(''),
  /** Siteseer's addition: only URLs of this status code (the CLI's `--status`). */
  status: z.number().int().optional(),
  /**
   * Siteseer's addition: `discovery` (the spec's report: the order URLs were found in) or `recent`
   * (the URLs checked last first, then those never checked, newest found first; `crawl watch`).
   */
  order: z.enum(['discovery', 'recent']).default('discovery'),
});
export type CrawlReportBody = z.infer<typeof CrawlReportBody>;

/** Body of `POST datasource/crawler/stop`: stop the engine's crawl. */
export const StopCrawlBody = z.object({ accountId: Id, engineId: Id });
export type StopCrawlBody = z.infer<typeof StopCrawlBody>;

/** Answer of the stop call: how many waiting URLs became Interrupted (8). */
export const CrawlStopped = z.object({ engineId: Id, interrupted: z.number().int().min(0) });
export type CrawlStopped = z.infer<typeof CrawlStopped>;

/** Body of `POST datasource/crawler/publish`: publish the engine's latest finished crawl. */
export const PublishCrawlBody = z.object({ accountId: Id, engineId: Id });
export type PublishCrawlBody = z.infer<typeof PublishCrawlBody>;

/** Answer of the publish call: the run now published, its pages and the previous generation's. */
export const CrawlPublished = z.object({
  engineId: Id,
  runId: z.number().int(),
  pages: z.number().int().min(0),
  previousPages: z.number().int().min(0),
});
export type CrawlPublished = z.infer<typeof CrawlPublished>;

/**
 * What this server's crawler can do beyond reading HTML: whether it can render pages with
 * JavaScript (Chromium found at start) and, when it cannot, why, in the words the wizard shows.
 */
export const CrawlerCapabilities = z.object({
  renderJavaScript: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});
export type CrawlerCapabilities = z.infer<typeof CrawlerCapabilities>;

/** The keyword crawler (data source). */
export const crawlerContracts = {
  create: defineCall({
    name: 'crawler.create',
    method: 'POST',
    path: 'datasource/crawler',
    body: CreateCrawlerBody,
    response: CrawlerQueued,
  }),
  start: defineCall({
    name: 'crawler.start',
    method: 'PUT',
    path: 'datasource/crawler',
    body: StartCrawlBody,
    response: CrawlerQueued,
  }),
  report: defineCall({
    name: 'crawler.report',
    method: 'POST',
    path: 'datasource/crawler/report',
    body: CrawlReportBody,
    response: CrawlReportResponse,
  }),
  /**
   * Siteseer's addition (the spec has no stop call; the CLI's `crawl stop` uses it): stops the
   * crawl; URLs not fetched yet become Interrupted (8) until the crawl is started again.
   */
  stop: defineCall({
    name: 'crawler.stop',
    method: 'POST',
    path: 'datasource/crawler/stop',
    body: StopCrawlBody,
    response: CrawlStopped,
  }),
  /**
   * Siteseer's addition (the CLI's `crawl publish --force`): a finished crawl is published by
   * itself unless it lost more than 10 % of the published generation's pages; this publishes the
   * latest finished crawl anyway. 409 when there is none to publish.
   */
  publish: defineCall({
    name: 'crawler.publish',
    method: 'POST',
    path: 'datasource/crawler/publish',
    description:
      "Publishes the engine's latest finished crawl as the generation of pages search answers from, " +
      'even when it was held back because it lost more than 10 % of the published pages. ' +
      '409 when there is nothing to publish: the crawl is still running, was stopped or failed, or ' +
      'is already published. Needs the same access as the other crawler changes.',
    body: PublishCrawlBody,
    response: CrawlPublished,
  }),
  /**
   * Siteseer's addition (the wizard's "Render JavaScript" switch): what the server's crawler can
   * do. Holds no account's data; any signed-in user may read it.
   */
  capabilities: defineCall({
    name: 'crawler.capabilities',
    method: 'GET',
    path: 'datasource/crawler/capabilities',
    description:
      "What this server's crawler can do: whether it can render pages' JavaScript (Chromium was " +
      'found when it started) and, when it cannot, why. The same for every account.',
    response: CrawlerCapabilities,
  }),
} as const;
