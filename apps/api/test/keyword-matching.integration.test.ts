import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  pathsOf,
  SHOP_PAGES,
  search,
} from './keyword-fixture.ts';

// How the public keyword search matches what visitors type, over a crawled site: typos, the word
// being typed, quoted phrases, other forms of a word, and any word when no page has them all; and
// what it answers: escaped snippets, positions across pages, suggestions.

let t: Tenants;
let shop: CrawledEngine;

describe('keyword search matching', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
    shop = await crawledEngine(t, 'Electronics shop', SHOP_PAGES);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await shop?.site.close();
  });

  it('forgives a typo in a word of four letters or more', async () => {
    const typo = await search(t.server, shop.clientId, { q: 'resitor ' });
    expect(pathsOf(typo.body, shop.site)).toEqual(['/products/resistor-100', '/docs/resistor-guide']);
    expect(typo.body.hits[0].snippet).toContain('<mark>resistor</mark>');
    const two = await search(t.server, shop.clientId, { q: 'capacitro ' });
    expect(pathsOf(two.body, shop.site)).toEqual(['/products/capacitor']);
  });

  it('completes the last word as it is typed, and not once a space follows it', async () => {
    const typing = await search(t.server, shop.clientId, { q: 'ceramic capa' });
    expect(pathsOf(typing.body, shop.site)).toEqual(['/products/capacitor']);
    const typed = await search(t.server, shop.clientId, { q: 'capa ' });
    expect(typed.body.total).toBe(0);
  });

  it('matches a quoted phrase only where its words follow each other', async () => {
    const words = await search(t.server, shop.clientId, { q: 'brown fox ' });
    expect(pathsOf(words.body, shop.site).sort()).toEqual(['/blog/colours', '/blog/quick-fox']);
    const phrase = await search(t.server, shop.clientId, { q: '"brown fox"' });
    expect(pathsOf(phrase.body, shop.site)).toEqual(['/blog/quick-fox']);
    expect(phrase.body.hits[0].snippet).toBe(
      'The quick <mark>brown</mark> <mark>fox</mark> jumps over the lazy dog.',
    );
    const reversed = await search(t.server, shop.clientId, { q: '"fox brown"' });
    expect(reversed.body.total).toBe(0);
  });

  it('finds other forms of a word (English stemming)', async () => {
    const running = await search(t.server, shop.clientId, { q: 'running ' });
    expect(pathsOf(running.body, shop.site)).toEqual(['/blog/bench-notes']);
    expect(running.body.hits[0].snippet).toBe('She <mark>runs</mark> the tests every morning.');
  });

  it('wants every word, and any word when no page has them all', async () => {
    const both = await search(t.server, shop.clientId, { q: 'ceramic capacitor ' });
    expect(pathsOf(both.body, shop.site)).toEqual(['/products/capacitor']);
    const either = await search(t.server, shop.clientId, { q: 'ceramic soldering ' });
    expect(pathsOf(either.body, shop.site).sort()).toEqual(['/docs/soldering', '/products/capacitor']);
  });

  it("escapes the page's text in snippets: a page about <script> tags shows them as text", async () => {
    const found = await search(t.server, shop.clientId, { q: 'script ' });
    expect(pathsOf(found.body, shop.site)).toEqual(['/blog/escaping']);
    const { snippet } = found.body.hits[0];
    expect(snippet).toBe(
      'Never paste &lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; into a template.',
    );
    expect(snippet.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
  });

  it('numbers results across pages and keeps the total and tabs on every page', async () => {
    const first = await search(t.server, shop.clientId, { q: 'fox ', pageSize: 1 });
    const second = await search(t.server, shop.clientId, { q: 'fox ', pageSize: 1, page: 2 });
    expect(first.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(second.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(first.body.hits[0].position).toBe(1);
    expect(second.body.hits[0].position).toBe(2);
    expect(first.body.hits[0].url).not.toBe(second.body.hits[0].url);
    const beyond = await search(t.server, shop.clientId, { q: 'fox ', pageSize: 1, page: 3 });
    expect(beyond.body).toMatchObject({ total: 2, hits: [] });
  });

  it('answers an empty query with no results and the tabs', async () => {
    const empty = await search(t.server, shop.clientId, { q: '  ' });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, hits: [], tabs: [{ name: 'all', icon: 'all', count: 0 }] });
    expect(typeof empty.body.searchId).toBe('string');
  });

  it('suggests the titles of pages holding what is typed, with their own characters', async () => {
    const suggest = (q: string) =>
      fetch(`${t.server.base}/search/${shop.clientId}/suggest?q=${encodeURIComponent(q)}`).then(
        (r) => r.json() as Promise<{ suggestions: { title: string; url: string }[] }>,
      );
    const resis = await suggest('resis');
    expect(resis.suggestions).toHaveLength(2);
    expect(resis.suggestions).toEqual(
      expect.arrayContaining([
        { kind: 'page', title: 'Resistor 100 Ω', url: `${shop.site.origin}/products/resistor-100` },
        { kind: 'page', title: 'Choosing a resistor', url: `${shop.site.origin}/docs/resistor-guide` },
      ]),
    );
    expect(await suggest('choosing res')).toEqual({
      suggestions: [
        { kind: 'page', title: 'Choosing a resistor', url: `${shop.site.origin}/docs/resistor-guide` },
      ],
    });
    expect(await suggest('')).toEqual({ suggestions: [] });
  });

  it('refuses malformed searches with a problem naming the parameter', async () => {
    const page = await search(t.server, shop.clientId, { q: 'fox', page: 0 });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(page.body.detail).toMatch(/^page: /);
    const size = await search(t.server, shop.clientId, { q: 'fox', pageSize: 1000 });
    expect(size.status).toBe(400);
    expect(size.body.detail).toMatch(/^pageSize: /);
  });
});
