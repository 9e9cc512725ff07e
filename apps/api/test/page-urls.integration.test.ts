import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublishedPageUrls } from '../src/repositories/keyword/page-urls.ts';
import type { Queryable } from '../src/store/types.ts';
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

  it('given a large crawl, when a start is typed, then its pages are one range of the match key’s index, not every page', async () => {
    // 5,000 more pages of another site in the published generation, and fresh statistics.
    const ids = [t.accountA, engine.engineId];
    await t.server.store.query(
      `INSERT INTO crawl_pages (account_id, engine_id, run_id, url_key, url, content_hash)
       SELECT $1, $2, c.published_run_id, 'https://bulk.test/page-' || n, 'https://bulk.test/page-' || n, 'h' || n
       FROM crawlers c, generate_series(1, 5000) AS n WHERE c.account_id = $1 AND c.engine_id = $2`,
      ids,
    );
    await t.server.store.exec('ANALYZE crawl_pages');
    const host = new URL(engine.site.origin).host;
    expect((await suggest('bulk.test/page-4999')).body.urls).toEqual(['https://bulk.test/page-4999']);
    for (const prefix of [
      `${host}/docs/in`,
      `${engine.site.origin.toUpperCase()}/DOCS/`,
      'bulk.test/page-12',
    ]) {
      const asked = await questionOf(prefix);
      const { rows } = await t.server.store.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${asked.sql}`,
        asked.params,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect({ prefix, plan }).toEqual({
        prefix,
        plan: expect.stringMatching(
          /(Index (Only )?Scan using|Bitmap Index Scan on) crawl_pages_url_match\b/,
        ),
      });
    }
  });
});

/** The SQL and parameters the suggestions send for `prefix` (and their answer, for good measure). */
async function questionOf(prefix: string): Promise<{ sql: string; params: readonly unknown[] }> {
  let asked: { sql: string; params: readonly unknown[] } | undefined;
  const spy: Queryable = {
    query: (sql, params = []) => {
      asked = { sql, params };
      return t.server.store.query(sql, params);
    },
    exec: (sql) => t.server.store.exec(sql),
  };
  await readPublishedPageUrls(spy, { accountId: t.accountA, engineId: engine.engineId }, prefix, 20);
  if (!asked) throw new Error('The suggestions asked nothing');
  return asked;
}
