import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Changes } from '../../changes/changes.ts';
import { findCrawler } from '../../repositories/crawler/crawlers.ts';
import { enqueueUrls } from '../../repositories/crawler/frontier.ts';
import {
  engineWithCrawler,
  frontierStores,
  useStore,
} from '../../repositories/crawler/frontier-stores.test-kit.ts';
import { SecretBox } from '../../secrets/index.ts';
import { parseAllowList } from '../fetch/index.ts';
import { linkedSite, type Route, startFixtureSite } from '../rules/fixture-site.test-kit.ts';
import { CRAWL_LIMIT_DEFAULTS } from './crawl-limits.ts';
import { CrawlWorker } from './crawl-worker.ts';
import { type DelaySource, LoopGovernor, TARGET_DELAY_MS } from './loop-governor.ts';

// The crawl loop asks the process's governor before each fetch: a crawl of a real site on
// 127.0.0.1, its pages answered after 30 ms so that fetches overlap, counted as the site sees them.

/** A delay between the governor's two bounds: its limit holds where it started. */
const STEADY: DelaySource = { maxMs: () => TARGET_DELAY_MS * 0.75, reset: () => {} };

/** The routes of a linked site, with the most requests the site had in progress at once. */
function counted(routes: Record<string, Route>) {
  const seen = { now: 0, most: 0 };
  const wrapped = Object.fromEntries(
    Object.entries(routes).map(([path, route]) => [
      path,
      (req: IncomingMessage, res: ServerResponse) => {
        seen.now += 1;
        seen.most = Math.max(seen.most, seen.now);
        res.on('finish', () => {
          seen.now -= 1;
        });
        route(req, res);
      },
    ]),
  );
  return { routes: wrapped, seen };
}

describe.each(frontierStores)('The crawl loop under its governor on %s', (_name, open) => {
  const store = useStore(open);

  async function crawlWith(first: number): Promise<number> {
    const { routes, seen } = counted(linkedSite(40, 30));
    const site = await startFixtureSite(routes);
    const start = `${site.origin}/`;
    const engine = await engineWithCrawler(store(), start);
    await enqueueUrls(store(), engine.accountId, engine.engineId, [
      { url: start, urlKey: start, site: start, depth: 0, discoveredFrom: null },
    ]);
    const worker = new CrawlWorker({
      store: store(),
      changes: new Changes(store(), (error) => {
        throw error;
      }),
      allowPrivate: parseAllowList('127.0.0.1'),
      publicUrl: 'http://siteseer.test',
      secrets: new SecretBox(null),
      exclusiveStore: false,
      limits: CRAWL_LIMIT_DEFAULTS,
      timing: { idleMs: 20 },
      governor: new LoopGovernor(STEADY, { first }),
    });
    try {
      await worker.start();
      await expect
        .poll(async () => (await findCrawler(store(), engine.accountId, engine.engineId))?.state, {
          timeout: 30_000,
        })
        .toBe('finished');
    } finally {
      await worker.close();
      await site.close();
    }
    return seen.most;
  }

  it('given a governor that allows one fetch at a time, then the site never has two requests at once', async () => {
    expect(await crawlWith(1)).toBe(1);
  });

  it('given one that allows eight, then the site has several at once', async () => {
    expect(await crawlWith(8)).toBeGreaterThan(1);
  });
});
