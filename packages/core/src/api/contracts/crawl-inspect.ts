import { InspectUrlBody, UrlInspection } from '../../domain/url-inspection.ts';
import { defineCall } from '../contract.ts';

/** The crawler's URL inspector ("Why is this page not in my search?"). */
export const crawlInspectContracts = {
  /**
   * Siteseer's addition (the CLI's `crawl inspect`): fetches one URL now as the engine's crawler
   * would and explains each step. Nothing is stored. 429 past the account's inspections a minute.
   */
  inspect: defineCall({
    name: 'crawler.inspect',
    method: 'POST',
    path: 'datasource/crawler/inspect',
    description:
      "Fetches one URL now as the keyword engine's crawler would (its sites and URL filters, " +
      'robots.txt, the address policy, redirects, canonical, noindex, content targets) and explains ' +
      'each step, with whether the published crawl holds the page and where search ranks it for its ' +
      'own title. Nothing is stored. For anyone who may read the engine; at most 20 inspections a ' +
      'minute and 2 at once per account (429 with Retry-After past them).',
    body: InspectUrlBody,
    response: UrlInspection,
  }),
} as const;
