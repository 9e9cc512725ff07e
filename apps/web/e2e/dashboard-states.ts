import { finishCrawlWithPages } from '@siteseer/test-support/crawl-runs';
import { type ApiSession, publishParametricEngine } from './fixtures.ts';
import type { RunningPortal } from './portal-server.ts';

const CSV = 'SKU,Name,Price\nB-1,Bolt,0.10\nN-2,Nut,0.05\nW-3,Washer,0.02\n';

/**
 * Engines of the owner's account in each dashboard state, made over the API and finished as the
 * crawl loop finishes crawls (the suite runs no loop): Live (a parametric file and a crawl),
 * Crawling, Held (a recrawl that lost pages) and Never published. Returns the engines' names.
 */
export async function seedDashboardStates(portal: RunningPortal, owner: ApiSession) {
  const { store, state } = portal.api;
  const keyword = async (name: string) => {
    const created = await owner.call('POST', 'searchengines', {
      searchEngineType: 'kw',
      accountId: owner.accountId,
      searchEngineName: name,
      urls: ['https://docs.example.com/'],
    });
    if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
    const engine = { accountId: owner.accountId, engineId: created.body.documentId as string };
    const crawl = async () => {
      const started = await owner.call('POST', 'datasource/crawler', {
        ...engine,
        urls: ['https://docs.example.com/'],
        recreate: true,
      });
      if (started.status !== 200) throw new Error(`crawl not started: ${JSON.stringify(started.body)}`);
    };
    return { engine, crawl };
  };
  const names = {
    liveTable: 'Parts catalogue',
    liveSite: 'Help centre',
    crawling: 'Product blog',
    held: 'Developer docs',
    never: 'Careers pages',
  };
  await publishParametricEngine(portal.base, owner, names.liveTable, CSV);
  const live = await keyword(names.liveSite);
  await live.crawl();
  await finishCrawlWithPages(store, state.changes, live.engine, 24);
  const crawling = await keyword(names.crawling);
  await crawling.crawl();
  const held = await keyword(names.held);
  await held.crawl();
  await finishCrawlWithPages(store, state.changes, held.engine, 40);
  await held.crawl();
  await finishCrawlWithPages(store, state.changes, held.engine, 30);
  await keyword(names.never);
  return names;
}
