import type { BodyOf } from '../contract.ts';
import { crawlInspectContracts } from '../contracts/crawl-inspect.ts';
import { crawlerContracts } from '../contracts/crawler.ts';
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
  };
}
