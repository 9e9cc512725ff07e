import { KeywordSearchResult } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import {
  addPages,
  CRAWLING,
  type CrawledEngine,
  crawlAndPublish,
  crawledEngine,
  htmlPage,
  pathsOf,
  search,
  setEngineSettings,
  until,
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
  }, 120_000);
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
      csvSynonymTable: 'resistr => resistor',
    });
    const answer = await search(t.server, shop.clientId, { q: 'resistr' });
    expect(pathsOf(answer.body, shop.site)).toContain('/products/carbon-film-1');
    expect(answer.body).not.toHaveProperty('didYouMean');
    expect(answer.body).not.toHaveProperty('correctedFrom');
  });

  it('given a search that found nothing before the site had its word, then analytics shows its correction and adds it as a synonym in one click', async () => {
    // Searched before the site had a page about tantalum: nothing then, and recorded so.
    expect((await search(t.server, shop.clientId, { q: 'tantalm' })).body.total).toBe(0);
    await t.server.state.recorder.flush();
    addPages(shop, {
      '/products/tantalum': htmlPage('Tantalum capacitor', '<p>A tantalum capacitor for filters.</p>'),
    });
    await crawlAndPublish(t.server, t.ownerA.token, t.accountA, shop);
    // The new crawl answers once its index is made (the one before answers meanwhile).
    await until('the new crawl to be searched', async () =>
      (await search(t.server, shop.clientId, { q: 'tantalum' })).body.total > 0 ? true : undefined,
    );

    const session = await api(t.server, t.ownerA.token, 'POST', 'analytics/session');
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const path = `/api/analytics/${shop.clientId}/card/zero-result-queries`;
    const card = await (await fetch(`${t.server.base}${path}?embedded=1`, { headers: { cookie } })).text();
    expect(card).toContain('<th scope="col">Did you mean</th>');
    expect(card).toContain('<td>tantalm');
    expect(card).toContain('<td>tantalum</td>');
    expect(card).toContain(
      '<input type="hidden" name="query" value="tantalm"><input type="hidden" name="correction" value="tantalum"><button type="submit">Add as synonym<span class="visually-hidden"> “tantalm” ⇒ “tantalum”</span></button>',
    );
    const action = /<form method="post" action="([^"]+)" class="action">/
      .exec(card)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(action).toMatch(new RegExp(`^${path}/synonyms\\?`));

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = 'query=tantalm&correction=tantalum';
    // Another site's form arrives without the SameSite=Strict cookie: refused.
    const forged = await fetch(`${t.server.base}${action}`, { method: 'POST', headers: form, body });
    expect(forged.status).toBe(401);
    const posted = await fetch(`${t.server.base}${action}`, {
      method: 'POST',
      headers: { ...form, cookie },
      body,
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const back = posted.headers.get('location') ?? '';
    expect(back).toMatch(new RegExp(`^${path}\\?.*added=tantalm&correction=tantalum`));
    const confirmed = await (await fetch(`${t.server.base}${back}`, { headers: { cookie } })).text();
    expect(confirmed).toContain(
      '<p class="notice" role="status">Synonym added: searches for “tantalm” now also find “tantalum”.</p>',
    );

    const saved = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${shop.engineId}?accountId=${t.accountA}`,
    );
    expect(saved.body.csvSynonymTable.split('\n')).toContain('tantalm => tantalum');
    const found = await search(t.server, shop.clientId, { q: 'tantalm', autoCorrect: false });
    expect(pathsOf(found.body, shop.site)).toEqual(['/products/tantalum']);
    expect(found.body).not.toHaveProperty('didYouMean');
  });

  it("given another account's owner, then the frame's synonym form is refused", async () => {
    const session = await api(t.server, t.ownerB.token, 'POST', 'analytics/session');
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const posted = await fetch(
      `${t.server.base}/api/analytics/${shop.clientId}/card/zero-result-queries/synonyms`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: 'query=resist&correction=hacked',
        redirect: 'manual',
      },
    );
    expect(posted.status).toBe(404);
  });
});
