import { finishCrawlWithPages } from '@siteseer/test-support/crawl-runs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureClient, recordFixture } from '../src/analytics/search-fixture.test-kit.ts';
import { endRun } from '../src/repositories/crawler/crawlers.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// The health the engines list sends with each engine (the dashboard cards' state): from the real
// crawler, parametric and analytics tables, for the caller's accounts only.

let t: Tenants;
let docs: FixtureClient;

const DAY_MS = 86_400_000;

async function keywordEngine(name: string): Promise<FixtureClient> {
  const created = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, name));
  return { accountId: t.accountA, engineId: created.documentId, clientId: created.clientId };
}

async function healthOf(engineId: string, token = t.ownerA.token) {
  const answer = await api(t.server, token, 'GET', 'searchengines');
  expect(answer.status).toBe(200);
  return (answer.body as { id: string; health?: unknown }[]).find((e) => e.id === engineId)?.health;
}

const recrawl = (engine: FixtureClient) =>
  api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: engine.accountId,
    engineId: engine.engineId,
    urls: ['https://site.test/'],
    recreate: true,
  });

beforeAll(async () => {
  t = await startWithTenants();
  docs = await keywordEngine('Docs site');
});
afterAll(async () => {
  await t?.server.close();
});

describe('engine health in the engines list', () => {
  it('Given a keyword engine without a crawl, then it was never published', async () => {
    expect(await healthOf(docs.engineId)).toMatchObject({ state: 'never-published', liveCount: null });
  });

  it('Given its first crawl started, then it is crawling with its frontier counted', async () => {
    expect((await recrawl(docs)).status).toBe(200);
    expect(await healthOf(docs.engineId)).toMatchObject({
      state: 'crawling',
      liveCount: null,
      crawl: { fetched: 0, known: expect.any(Number) },
      searchesLast7Days: 0,
    });
  });

  it('Given its crawl finished with 10 pages, then it is live with 10 pages since it finished', async () => {
    await finishCrawlWithPages(t.server.store, t.server.state.changes, docs, 10);
    const health = await healthOf(docs.engineId);
    expect(health).toMatchObject({ state: 'live', liveCount: 10, crawl: null, heldPages: null });
    expect(health).toHaveProperty('liveAt', expect.stringMatching(/^\d{4}-/));
    expect(health).toHaveProperty('lastCrawledAt', expect.stringMatching(/^\d{4}-/));
  });

  it('Given a recrawl that found 5 pages, then it is held with those 5 while 10 stay live', async () => {
    expect((await recrawl(docs)).status).toBe(200);
    await finishCrawlWithPages(t.server.store, t.server.state.changes, docs, 5);
    expect(await healthOf(docs.engineId)).toMatchObject({ state: 'held', heldPages: 5, liveCount: 10 });
  });

  it('Given a crawl that fetched nothing, then it failed with a reason', async () => {
    const broken = await keywordEngine('Broken site');
    expect((await recrawl(broken)).status).toBe(200);
    await endRun(t.server.store, broken.accountId, broken.engineId, 1, 'failed');
    expect(await healthOf(broken.engineId)).toMatchObject({
      state: 'failed',
      liveCount: null,
      failureReason: expect.stringMatching(/\S/),
    });
  });

  it('Given a parametric engine without a published file, then it was never published', async () => {
    const created = await createEngine(t.server, t.ownerA, {
      searchEngineType: 'pm',
      accountId: t.accountA,
      searchEngineName: 'Parts table',
    });
    expect(await healthOf(created.documentId)).toMatchObject({
      state: 'never-published',
      liveCount: null,
      liveAt: null,
    });
  });

  it('Given searches today, 6 days ago and 8 days ago, then the last 7 days count the first two', async () => {
    const now = Date.now();
    const search = (at: number) => ({ at: new Date(at).toISOString(), query: 'q', results: 1, visitor: 'v' });
    await recordFixture(t.server.state.recorder, docs, 'kw', [
      search(now),
      search(now),
      search(now - 6 * DAY_MS),
      search(now - 8 * DAY_MS),
    ]);
    expect(await healthOf(docs.engineId)).toMatchObject({ searchesLast7Days: 3 });
  });

  it("Given another account's owner, then the list has neither the engine nor its health", async () => {
    expect(await healthOf(docs.engineId, t.ownerB.token)).toBeUndefined();
  });
});
