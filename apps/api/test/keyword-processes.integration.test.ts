import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createTestSchema } from '../src/store/pg-schema.test-kit.ts';
import { createEngine, keywordDraft } from './actors.ts';
import { api, signIn, startTestServer, type TestServer } from './harness.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawlAndPublish,
  crawlerState,
  pathsOf,
  SHOP_PAGES,
  search,
  siteOf,
  until,
} from './keyword-fixture.ts';

// Two API instances on one PostgreSQL schema, as behind a load balancer: one crawls; the other,
// told by the notification, indexes each published crawl before any search asks for it.
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('keyword search across API processes on PostgreSQL', () => {
  let dropSchema: (() => Promise<void>) | undefined;
  let crawling: TestServer;
  let serving: TestServer;
  let shop: CrawledEngine;

  beforeAll(async () => {
    const { schema, drop } = await createTestSchema(databaseUrl as string);
    dropSchema = drop;
    crawling = await startTestServer({ ...CRAWLING, env: { ...CRAWLING.env, SITESEER_DB_SCHEMA: schema } });
    serving = await startTestServer({ env: { SITESEER_DB_SCHEMA: schema } });
  }, 30_000);
  afterAll(async () => {
    await serving?.close();
    await crawling?.close();
    await dropSchema?.();
    await shop?.site.close();
  });

  it('indexes a crawl published by another process on its notification, then searches it', async () => {
    const owner = crawling.credentials?.owner;
    if (!owner) throw new Error('A fresh schema gets demo credentials');
    const token = (await signIn(crawling, owner.email, owner.password)).access_token;
    const me = { id: '', email: owner.email, token };
    const accountId = (await api(crawling, token, 'GET', 'accounts')).body[0].id as string;
    const routes = siteOf({ ...SHOP_PAGES });
    const site = await startFixtureSite(routes);
    const created = await createEngine(
      crawling,
      me,
      keywordDraft(accountId, 'Shared shop', { urls: [`${site.origin}/`] }),
    );
    shop = {
      engineId: created.documentId,
      clientId: created.clientId,
      name: 'Shared shop',
      site,
      pages: {},
      routes,
    };
    // The serving process starts its keyword runtime (as it does on start) and has searched nothing.
    const runtime = serving.state.keyword;
    expect(runtime.registry.indexed()).toEqual([]);

    await crawlAndPublish(crawling, token, accountId, shop);
    const published = await crawlerState(crawling, accountId, shop.engineId);
    const indexedAt = await until('the other process to index the crawl', async () =>
      runtime.registry.indexed().some((key) => key.engineId === shop.engineId) ? Date.now() : undefined,
    );
    expect(indexedAt - (published?.run_finished_at?.getTime() ?? Number.NaN)).toBeLessThan(2000);
    const found = await search(serving, shop.clientId, { q: 'soldering' });
    expect(pathsOf(found.body, site)).toEqual(['/docs/soldering']);
  });
});
