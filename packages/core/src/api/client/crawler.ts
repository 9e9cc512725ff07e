import type { BodyOf, QueryOf } from '../contract.ts';
import { crawlInspectContracts } from '../contracts/crawl-inspect.ts';
import { crawlerContracts } from '../contracts/crawler.ts';
import { siteCredentialsContracts } from '../contracts/site-credentials.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.crawler`. */
export function crawlerMethods(call: Caller) {
  const c = crawlerContracts;
  return {
    /** POST datasource/crawler: create (recreate) or update an engine's crawler. */
    create: (body: BodyOf<typeof c.create>, options?: CallOptions) => call(c.create, { body }, options),
    /** PUT datasource/crawler: start crawling one new site. */
    start: (body: BodyOf<typeof c.start>, options?: CallOptions) => call(c.start, { body }, options),
    /** POST datasource/crawler/report: one page of the crawl report. */
    report: (body: BodyOf<typeof c.report>, options?: CallOptions) => call(c.report, { body }, options),
    /** POST datasource/crawler/stop (Siteseer's): stop the engine's crawl. */
    stop: (body: BodyOf<typeof c.stop>, options?: CallOptions) => call(c.stop, { body }, options),
    /** POST datasource/crawler/publish (Siteseer's): publish the latest finished crawl, even when held. */
    publish: (body: BodyOf<typeof c.publish>, options?: CallOptions) => call(c.publish, { body }, options),
    /** GET datasource/crawler/capabilities (Siteseer's): whether this server can render pages' JavaScript. */
    capabilities: (options?: CallOptions) => call(c.capabilities, {}, options),
    /** POST datasource/crawler/inspect (Siteseer's): fetch one URL now as the crawler would, explained. */
    inspect: (body: BodyOf<typeof crawlInspectContracts.inspect>, options?: CallOptions) =>
      call(crawlInspectContracts.inspect, { body }, options),
    /** Sign-ins the crawler sends to the engine's start sites (Siteseer's); write-only. */
    credentials: {
      /** GET datasource/crawler/credentials: the sites that have a sign-in (never its secret). */
      list: (query: QueryOf<typeof siteCredentialsContracts.list>, options?: CallOptions) =>
        call(siteCredentialsContracts.list, { query }, options),
      /** PUT datasource/crawler/credentials: set or replace one site's sign-in. */
      set: (body: BodyOf<typeof siteCredentialsContracts.set>, options?: CallOptions) =>
        call(siteCredentialsContracts.set, { body }, options),
      /** DELETE datasource/crawler/credentials: remove one site's sign-in. */
      remove: (body: BodyOf<typeof siteCredentialsContracts.remove>, options?: CallOptions) =>
        call(siteCredentialsContracts.remove, { body }, options),
    },
  };
}
