import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startWithTenants, type Tenants } from './actors.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  pathsOf,
  SHOP_PAGES,
  search,
  setClientSettings,
} from './keyword-fixture.ts';

// The explain call: a keyword engine's results with their scores taken apart, for the members of
// its account only; the public search says nothing of scores.

let t: Tenants;
let shop: CrawledEngine;

const explainPath = (engineId: string, accountId: string, q: string) =>
  `searchengines/${engineId}/explain?accountId=${accountId}&q=${encodeURIComponent(q)}`;

/** An explanation's parts multiplied back together. */
function recomposed(explanation: {
  terms: { score: number }[];
  heldShare: number;
  boost: number;
  title: number;
  proximity: number;
  rareProximity: number;
  headingProximity: number;
  linkShare: number;
}): number {
  const base = explanation.terms.reduce((sum, term) => sum + term.score, 0);
  return (
    base *
    explanation.heldShare *
    explanation.boost *
    explanation.title *
    explanation.proximity *
    explanation.rareProximity *
    explanation.headingProximity *
    explanation.linkShare
  );
}

describe('explaining a keyword search', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
    shop = await crawledEngine(t, 'Electronics shop', SHOP_PAGES);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await shop?.site.close();
  });

  it('given the owner, then the results come in the public order, each score taken apart', async () => {
    const explained = await api(
      t.server,
      t.ownerA.token,
      'GET',
      explainPath(shop.engineId, t.accountA, 'resistor'),
    );
    expect(explained.status).toBe(200);
    const visitor = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(explained.body.hits.map((hit: { url: string }) => hit.url)).toEqual(
      visitor.body.hits.map((hit: { url: string }) => hit.url),
    );
    expect(explained.body.total).toBe(visitor.body.total);
    for (const hit of explained.body.hits) {
      expect(hit.pinned).toBe(false);
      expect(hit.explanation.terms[0].term).toBe('resistor');
      expect(recomposed(hit.explanation)).toBeCloseTo(hit.explanation.score, 4);
    }
    expect(visitor.body.hits.every((hit: object) => !('explanation' in hit) && !('score' in hit))).toBe(true);
  });

  it('given a pinned result, then its explanation says it is pinned, not scored', async () => {
    const origin = shop.site.origin;
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      resultRanking: {
        enabled: true,
        entries: [{ query: 'Soldering', results: [`${origin}/blog/quick-fox`] }],
      },
    });
    const explained = await api(
      t.server,
      t.ownerA.token,
      'GET',
      explainPath(shop.engineId, t.accountA, 'soldering'),
    );
    expect(pathsOf(explained.body, shop.site)).toEqual(['/blog/quick-fox', '/docs/soldering']);
    expect(explained.body.hits[0]).toMatchObject({ position: 1, pinned: true, explanation: null });
    expect(explained.body.hits[1]).toMatchObject({ position: 2, pinned: false });
    expect(explained.body.hits[1].explanation.score).toBeGreaterThan(0);
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {});
  });

  it('given a misspelt query, then the explain ranks it as typed and names the correction the search offers', async () => {
    const typed = 'resitsor';
    const explained = await api(
      t.server,
      t.ownerA.token,
      'GET',
      explainPath(shop.engineId, t.accountA, typed),
    );
    const visitor = await search(t.server, shop.clientId, { q: typed, autoCorrect: false });
    expect(explained.body.didYouMean).toBe(visitor.body.didYouMean);
    expect(explained.body.didYouMean).toBe('resistor');
    expect(explained.body.hits.map((hit: { url: string }) => hit.url)).toEqual(
      visitor.body.hits.map((hit: { url: string }) => hit.url),
    );
    const right = await api(
      t.server,
      t.ownerA.token,
      'GET',
      explainPath(shop.engineId, t.accountA, 'resistor'),
    );
    expect(right.body).not.toHaveProperty('didYouMean');
  });

  it('given a user of another account, then 404, as for its other engine calls', async () => {
    for (const accountId of [t.accountA, t.accountB]) {
      const refused = await api(
        t.server,
        t.ownerB.token,
        'GET',
        explainPath(shop.engineId, accountId, 'resistor'),
      );
      expect(refused.status).toBe(404);
    }
  });

  it('given no token, then 401', async () => {
    const refused = await api(t.server, undefined, 'GET', explainPath(shop.engineId, t.accountA, 'resistor'));
    expect(refused.status).toBe(401);
  });

  it('is in the API document, with its query and answer', async () => {
    const document = (await fetch(`${t.server.base}/api/openapi.json`).then((response) =>
      response.json(),
    )) as {
      paths: Record<string, { get: { operationId: string } }>;
    };
    const path = Object.keys(document.paths).find((p) => p.endsWith('/searchengines/{id}/explain'));
    expect(path).toBeDefined();
    expect(document.paths[path as string]?.get.operationId).toBe('engines.explain');
  });
});
