import { KeywordSearchResult } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  htmlPage,
  pathsOf,
  search,
  setEngineSettings,
} from './keyword-fixture.ts';

// Did-you-mean over a crawled site: corrections come from the site's own words (a typo away, as
// matching counts them), the pair of words that occurs together wins, a query finding nothing is
// answered with its correction unless the request says otherwise, and the answers are kept apart.

const pages = (count: number, path: string, title: string, body: string) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, n) => [
      `${path}-${n + 1}`,
      htmlPage(`${title} ${n + 1}`, `<p>${body}</p>`),
    ]),
  );

/**
 * An electronics shop: 'carton' is on more pages (8) than 'carbon' (4), but only 'carbon' goes
 * with 'film'; 'resistor' is on more pages (6) than 'resist' (2); one page misspells 'capasitor'
 * where six spell 'capacitor'.
 */
const SHOP = {
  ...pages(4, '/products/carbon-film', 'Carbon film resistor', 'A carbon film resistor for audio circuits.'),
  ...pages(2, '/products/metal-resistor', 'Metal oxide resistor', 'A metal oxide resistor rated 2 W.'),
  ...pages(8, '/shipping/carton', 'Shipping carton', 'Each order ships in a recycled carton.'),
  ...pages(2, '/blog/resist', 'Bench notes', 'Resist the urge to skip the datasheet.'),
  ...pages(6, '/products/capacitor', 'Ceramic capacitor', 'A ceramic capacitor for decoupling.'),
  '/blog/typo': htmlPage('Old notes', '<p>A capasitor, spelt as the old catalogue did.</p>'),
};

let t: Tenants;
let shop: CrawledEngine;

describe('did-you-mean', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
    shop = await crawledEngine(t, 'Did-you-mean shop', SHOP);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await shop?.site.close();
  });

  it('given a misspelt word no page holds, then the results are those of its correction, saying so', async () => {
    const answer = await search(t.server, shop.clientId, { q: 'resistr' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(KeywordSearchResult.parse(answer.body));
    expect(answer.body.didYouMean).toBe('resistor');
    expect(answer.body.correctedFrom).toBe('resistr');
    expect(answer.body.total).toBe(6);
    expect(pathsOf(answer.body, shop.site).every((path) => /carbon-film|metal-resistor/.test(path))).toBe(
      true,
    );
    expect(answer.body.hits[0].snippet).toContain('<mark>resistor</mark>');
  });

  it('given two words, then the pair that occurs on pages together wins over the more frequent word', async () => {
    const answer = await search(t.server, shop.clientId, { q: 'Caron flim ' });
    expect(answer.body.didYouMean).toBe('Carbon film ');
    expect(answer.body.correctedFrom).toBe('Caron flim ');
    expect(pathsOf(answer.body, shop.site).sort()).toEqual([
      '/products/carbon-film-1',
      '/products/carbon-film-2',
      '/products/carbon-film-3',
      '/products/carbon-film-4',
    ]);
    const shipping = await search(t.server, shop.clientId, { q: 'caron recycled ' });
    expect(shipping.body.didYouMean).toBe('carton recycled ');
  });

  it('given a query that finds enough as typed, then no correction', async () => {
    for (const q of ['resistor', 'carbon film ', 'carton', 'resist ']) {
      const answer = await search(t.server, shop.clientId, { q });
      expect(answer.body.total).toBeGreaterThan(0);
      expect(answer.body).not.toHaveProperty('didYouMean');
      expect(answer.body).not.toHaveProperty('correctedFrom');
    }
  });

  it('given a misspelling one page has, then its results with the correction offered, which finds far more', async () => {
    const answer = await search(t.server, shop.clientId, { q: 'capasitor ' });
    expect(answer.body.didYouMean).toBe('capacitor ');
    expect(answer.body).not.toHaveProperty('correctedFrom');
    expect(pathsOf(answer.body, shop.site)).toContain('/blog/typo');
  });

  it('given autoCorrect=false, then the query typed is searched and the correction only offered', async () => {
    const typed = await search(t.server, shop.clientId, { q: 'caron flim ', autoCorrect: false });
    expect(typed.body.didYouMean).toBe('carbon film ');
    expect(typed.body).not.toHaveProperty('correctedFrom');
    // Typo tolerance still reads the words typed: 'caron' as 'carton' or 'carbon', 'flim' as 'film'.
    expect(pathsOf(typed.body, shop.site)).toContain('/shipping/carton-1');
  });

  it('given the same query with and without autoCorrect, then each is answered and kept on its own', async () => {
    const q = 'caron film ';
    const on = await search(t.server, shop.clientId, { q });
    const off = await search(t.server, shop.clientId, { q, autoCorrect: false });
    const onAgain = await search(t.server, shop.clientId, { q, autoCorrect: true });
    const offAgain = await search(t.server, shop.clientId, { q, autoCorrect: false });
    expect(on.body.correctedFrom).toBe(q);
    expect(off.body).not.toHaveProperty('correctedFrom');
    const { searchId: _a, took: _b, ...onFields } = on.body;
    const { searchId: _c, took: _d, ...offFields } = off.body;
    expect(onAgain.body).toEqual({ ...onFields, searchId: expect.any(String), took: expect.any(Number) });
    expect(offAgain.body).toEqual({ ...offFields, searchId: expect.any(String), took: expect.any(Number) });
    expect(offFields).not.toEqual(onFields);
  });

  it("given a synonym for the misspelling, then the engine's synonym answers and no correction is offered", async () => {
    await setEngineSettings(t.server, t.ownerA.token, t.accountA, shop, {
      useSynonyms: true,
      csvSynonymTable: 'resistr => resistor',
    });
    const answer = await search(t.server, shop.clientId, { q: 'resistr' });
    expect(pathsOf(answer.body, shop.site)).toContain('/products/carbon-film-1');
    expect(answer.body).not.toHaveProperty('didYouMean');
    expect(answer.body).not.toHaveProperty('correctedFrom');
  });
});
