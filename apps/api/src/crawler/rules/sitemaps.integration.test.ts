import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite, testFetch } from './fixture-site.test-kit.ts';
import { RobotsCache } from './robots-cache.ts';
import { readSitemaps, SITEMAP_LIMITS, sitemapUrls } from './sitemaps.ts';

const fetch = testFetch();
let site: FixtureSite | undefined;

afterEach(async () => {
  await site?.close();
  site = undefined;
});
afterAll(() => fetch.close());

const XML = { 'content-type': 'application/xml' };
const urlset = (...locs: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) =>
  `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;

describe('readSitemaps on a site', () => {
  it('finds the pages of robots.txt sitemaps and /sitemap.xml, through an index and gzip', async () => {
    const routes: Parameters<typeof startFixtureSite>[0] = {};
    site = await startFixtureSite(routes);
    const o = site.origin;
    Object.assign(routes, {
      '/robots.txt': answer(200, `User-agent: *\nAllow: /\nSitemap: ${o}/sitemap-index.xml\n`),
      '/sitemap-index.xml': answer(200, index(`${o}/pages.xml`, `${o}/posts`), XML),
      '/pages.xml': answer(200, urlset(`${o}/`, `${o}/about`), XML),
      // gzip with a plain name and a plain type: the magic bytes tell.
      '/posts': answer(200, gzipSync(urlset(`${o}/posts/1`, `${o}/about`)), { 'content-type': 'text/plain' }),
      '/sitemap.xml': answer(200, urlset(`${o}/contact`), XML),
    });
    const robots = await new RobotsCache({ fetch }).get(o);
    const urls = sitemapUrls(o, robots);
    expect(urls).toEqual([`${o}/sitemap-index.xml`, `${o}/sitemap.xml`]);
    const found = await readSitemaps(urls, fetch);
    expect(found.pages.map((page) => page.loc)).toEqual([
      `${o}/contact`,
      `${o}/`,
      `${o}/about`,
      `${o}/posts/1`,
    ]);
    expect(found.refused).toEqual([]);
    // Each file read, in the order read, and the one that listed each page first.
    expect(found.files).toEqual([
      { url: `${o}/sitemap-index.xml`, kind: 'sitemapindex', reason: undefined, skipped: 0, sitemaps: 2 },
      { url: `${o}/sitemap.xml`, kind: 'urlset', reason: undefined, skipped: 0, sitemaps: 0 },
      { url: `${o}/pages.xml`, kind: 'urlset', reason: undefined, skipped: 0, sitemaps: 0 },
      { url: `${o}/posts`, kind: 'urlset', reason: undefined, skipped: 0, sitemaps: 0 },
    ]);
    expect(found.pages.map((page) => [page.loc, page.sitemap])).toEqual([
      [`${o}/contact`, `${o}/sitemap.xml`],
      [`${o}/`, `${o}/pages.xml`],
      [`${o}/about`, `${o}/pages.xml`],
      [`${o}/posts/1`, `${o}/posts`],
    ]);
  });

  it('refuses a gzip bomb and a malformed file with their reasons, and reads the others', async () => {
    const routes: Parameters<typeof startFixtureSite>[0] = {};
    site = await startFixtureSite(routes);
    const o = site.origin;
    Object.assign(routes, {
      '/sitemap.xml': answer(200, index(`${o}/bomb.xml.gz`, `${o}/broken.xml`, `${o}/good.xml`), XML),
      '/bomb.xml.gz': answer(200, gzipSync(urlset(' '.repeat(2 * 1024 * 1024))), XML),
      '/broken.xml': answer(200, '<urlset><url><loc>x</url>', XML),
      '/good.xml': answer(200, urlset(`${o}/good`), XML),
    });
    const found = await readSitemaps([`${o}/sitemap.xml`], fetch, {
      ...SITEMAP_LIMITS,
      maxBytes: 1024 * 1024,
    });
    expect(found.pages.map((page) => page.loc)).toEqual([`${o}/good`]);
    expect(found.refused).toEqual([
      { url: `${o}/bomb.xml.gz`, reason: 'larger than 1048576 bytes uncompressed' },
      { url: `${o}/broken.xml`, reason: expect.stringMatching(/^malformed XML: /) },
    ]);
  });

  it('says why a sitemap was not read: HTTP status, another host, nesting, file count', async () => {
    const routes: Parameters<typeof startFixtureSite>[0] = {};
    site = await startFixtureSite(routes);
    const o = site.origin;
    Object.assign(routes, {
      '/top.xml': answer(
        200,
        index(`${o}/missing.xml`, 'https://elsewhere.example/s.xml', `${o}/nested.xml`),
        XML,
      ),
      '/nested.xml': answer(200, index(`${o}/deeper.xml`), XML),
      '/deeper.xml': answer(200, index(`${o}/deepest.xml`), XML),
    });
    const found = await readSitemaps([`${o}/top.xml`, `${o}/top.xml`], fetch);
    expect(found.refused).toEqual([
      { url: 'https://elsewhere.example/s.xml', reason: `listed by ${o}/top.xml, which is on another host` },
      { url: `${o}/missing.xml`, reason: 'answered HTTP 404' },
      { url: `${o}/deepest.xml`, reason: 'sitemap indexes nested deeper than 2 levels' },
    ]);
    expect(site.requests.filter((path) => path === '/top.xml')).toHaveLength(1);

    const few = await readSitemaps([`${o}/top.xml`], fetch, { ...SITEMAP_LIMITS, maxFiles: 1 });
    expect(few.refused.map((entry) => entry.reason)).toContain('1 sitemap files were read already');
  });

  it('stops at the total page limit, saying the sitemap was read in part', async () => {
    const routes: Parameters<typeof startFixtureSite>[0] = {};
    site = await startFixtureSite(routes);
    const o = site.origin;
    Object.assign(routes, {
      '/a.xml': answer(200, urlset(`${o}/1`, `${o}/2`), XML),
      '/b.xml': answer(200, urlset(`${o}/2`, `${o}/3`, `${o}/4`), XML),
    });
    const found = await readSitemaps([`${o}/a.xml`, `${o}/b.xml`], fetch, {
      ...SITEMAP_LIMITS,
      maxTotalUrls: 3,
    });
    expect(found.pages.map((page) => page.loc)).toEqual([`${o}/1`, `${o}/2`, `${o}/3`]);
    expect(found.refused).toEqual([
      { url: `${o}/b.xml`, reason: 'read in part: the sitemaps list more than 3 pages' },
    ]);
    // Read, so a row of its own with the reason, not a second row as if it were not read.
    expect(found.files.map(({ url, kind, reason }) => ({ url, kind, reason }))).toEqual([
      { url: `${o}/a.xml`, kind: 'urlset', reason: undefined },
      { url: `${o}/b.xml`, kind: 'urlset', reason: 'read in part: the sitemaps list more than 3 pages' },
    ]);
  });

  it('gives every sitemap not read a row with its reason, in the order met, beside those read', async () => {
    const routes: Parameters<typeof startFixtureSite>[0] = {};
    site = await startFixtureSite(routes);
    const o = site.origin;
    Object.assign(routes, {
      '/top.xml': answer(
        200,
        index(`${o}/missing.xml`, 'https://elsewhere.example/s.xml', `${o}/lol.xml`),
        XML,
      ),
      // An entity expansion ("billion laughs"): refused as malformed, never expanded.
      '/lol.xml': answer(
        200,
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><urlset><url><loc>&lol2;</loc></url></urlset>`,
        XML,
      ),
    });
    const found = await readSitemaps([`${o}/top.xml`], fetch);
    expect(found.files.map(({ url, kind, reason }) => ({ url, kind, reason }))).toEqual([
      { url: `${o}/top.xml`, kind: 'sitemapindex', reason: undefined },
      {
        url: 'https://elsewhere.example/s.xml',
        kind: undefined,
        reason: `listed by ${o}/top.xml, which is on another host`,
      },
      { url: `${o}/missing.xml`, kind: undefined, reason: 'answered HTTP 404' },
      { url: `${o}/lol.xml`, kind: undefined, reason: expect.stringMatching(/^malformed XML: .*entity/) },
    ]);
  });
});
