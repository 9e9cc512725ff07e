import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, type CrawledEngine, crawledEngine, htmlPage } from './keyword-fixture.ts';

// `GET searchengines/{id}/page-urls`: the keyword wizard's URL suggestions for pins and relevance
// rules, read from the published crawl of a site served on 127.0.0.1 (PGlite, or PostgreSQL with
// DATABASE_URL). Another account gets the 404 of a missing engine (isolation.integration).

let t: Tenants;
let engine: CrawledEngine;

beforeAll(async () => {
  t = await startWithTenants(CRAWLING);
  engine = await crawledEngine(t, 'Docs site', {
    '/docs/install': htmlPage('Install', '<p>Install it.</p>'),
    '/docs/intro': htmlPage('Intro', '<p>Start here.</p>'),
    '/blog/step_one': htmlPage('Step one', '<p>First.</p>'),
    '/Blog/Upper': htmlPage('Upper', '<p>Case.</p>'),
  });
}, 90_000);
afterAll(async () => {
  await t?.server.close();
  await engine?.site.close();
});

async function suggest(prefix: string, extra = '') {
  const query = `accountId=${t.accountA}&prefix=${encodeURIComponent(prefix)}${extra}`;
  return api(t.server, t.ownerA.token, 'GET', `searchengines/${engine.engineId}/page-urls?${query}`);
}

describe('page URL suggestions', () => {
  it('given a published crawl, when the whole URL start is typed, then its pages come in URL order', async () => {
    const answer = await suggest(`${engine.site.origin}/docs/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      urls: [`${engine.site.origin}/docs/install`, `${engine.site.origin}/docs/intro`],
    });
  });

  it('given the host without its scheme, and any case, then the same pages match', async () => {
    const host = new URL(engine.site.origin).host;
    const answer = await suggest(`${host.toUpperCase()}/DOCS/IN`);
    expect(answer.body.urls).toEqual([
      `${engine.site.origin}/docs/install`,
      `${engine.site.origin}/docs/intro`,
    ]);
  });

  it('given LIKE wildcards in the prefix, then they match only themselves', async () => {
    const host = new URL(engine.site.origin).host;
    expect((await suggest(`${host}/blog/step_`)).body.urls).toEqual([`${engine.site.origin}/blog/step_one`]);
    expect((await suggest(`${host}/blog/step%`)).body.urls).toEqual([]);
    expect((await suggest(`${host}/d_cs`)).body.urls).toEqual([]);
    expect((await suggest(`${host}/%`)).body.urls).toEqual([]);
  });

  it('given a limit, then at most that many; an empty prefix lists from the first URL', async () => {
    const answer = await suggest('', '&limit=2');
    expect(answer.body.urls).toHaveLength(2);
    expect(answer.body.urls[0]).toBe(`${engine.site.origin}/`);
    expect((await suggest('', '&limit=51')).status).toBe(400);
  });

  it('given an engine never crawled, then there is nothing to suggest', async () => {
    const fresh = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Not crawled yet'));
    const answer = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${fresh.documentId}/page-urls?accountId=${t.accountA}&prefix=`,
    );
    expect(answer).toMatchObject({ status: 200, body: { urls: [] } });
  });
});
