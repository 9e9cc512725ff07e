import { INSPECTIONS_PER_MINUTE } from '@siteseer/core';
import { docxBytes, pdfBytes } from '@siteseer/test-support/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, detailOf, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, crawlerState, htmlPage, siteOf, until } from './keyword-fixture.ts';

// "Why is this page not in my search?": the URL inspector fetches a URL of a real site on
// 127.0.0.1 now, as the engine's crawler would, and explains each step; it stores nothing.

const GUIDE = htmlPage('Soldering guide', '<p>Heat the joint with the iron, then feed the solder wire.</p>');
const PAGES = {
  '/guide': GUIDE,
  '/tools': htmlPage('Workbench tools', '<p>Pliers, cutters and a soldering iron.</p>'),
  '/drafts/plan': htmlPage('Draft plan', '<p>Not ready.</p>'),
};
const routes = {
  ...siteOf(PAGES),
  '/robots.txt': answer(200, 'User-agent: *\nDisallow: /private/\n', { 'content-type': 'text/plain' }),
  '/private/salaries': htmlPage('Salaries', '<p>Staff only.</p>'),
  '/hidden': answer(
    200,
    '<!doctype html><html><head><title>Hidden</title><meta name="robots" content="noindex"></head><body><p>Not for search.</p></body></html>',
    { 'content-type': 'text/html' },
  ),
  '/header-hidden': answer(200, '<html><head><title>Header hidden</title></head><body>Words</body></html>', {
    'content-type': 'text/html',
    'x-robots-tag': 'noindex, nofollow',
  }),
  '/old': answer(301, '', { location: '/older' }),
  '/older': answer(302, '', { location: '/guide' }),
  '/copy': GUIDE,
  '/leak': answer(302, '', { location: 'http://10.0.0.1/admin' }),
  '/logo.png': answer(200, 'PNG', { 'content-type': 'image/png' }),
  '/station.pdf': answer(
    200,
    pdfBytes(['Calibrate the soldering station weekly.'], { title: 'Station manual' }),
    {
      'content-type': 'application/pdf',
    },
  ),
  '/station.docx': answer(200, docxBytes(['Calibrate the soldering station weekly.']), {
    'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  }),
};

let t: Tenants;
let site: FixtureSite;
let engineId: string;

const inspect = (url: string, who = t.ownerA.token, ids = { accountId: t.accountA, engineId }) =>
  api(t.server, who, 'POST', 'datasource/crawler/inspect', { ...ids, url });

/** Every row of the crawl's tables, in order: what an inspection must leave as it was. */
async function crawlTables() {
  const read = async (sql: string) => (await t.server.store.query(sql)).rows;
  return {
    crawlers: await read('SELECT * FROM crawlers ORDER BY account_id, engine_id'),
    urls: await read('SELECT * FROM crawl_urls ORDER BY account_id, engine_id, id'),
    pages: await read(
      'SELECT account_id, engine_id, run_id, url_key, content_hash, fetched_at FROM crawl_pages ORDER BY 1, 2, 3, 4',
    ),
  };
}

describe('the URL inspector', () => {
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    t = await startWithTenants(CRAWLING);
    engineId = (
      await createEngine(
        t.server,
        t.ownerA,
        keywordDraft(t.accountA, 'Workshop', { urls: [`${site.origin}/`] }),
      )
    ).documentId;
    const started = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId,
      urls: [`${site.origin}/`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      urlFilters: ['-/drafts/'],
      recreate: true,
    });
    expect(started.status).toBe(200);
    await until('the crawl to be published', async () => {
      const state = await crawlerState(t.server, t.accountA, engineId);
      return state?.state === 'finished' && state.published_run_id !== null ? true : undefined;
    });
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
  });

  it('given an indexable page of the published crawl, then it says so with its position for its own title', async () => {
    const { status, body } = await inspect(`${site.origin}/guide`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      url: `${site.origin}/guide`,
      indexable: true,
      inPublishedCrawl: true,
      reasons: [],
      scope: { inScope: true, site: `${site.origin}/`, filter: null },
      robots: { allowed: true, rule: null, line: null, url: `${site.origin}/robots.txt`, state: 'parsed' },
      fetched: true,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      redirects: [],
      rendering: 'off',
      canonical: null,
      noindex: false,
      nofollow: false,
      title: 'Soldering guide',
      excerpt: 'Heat the joint with the iron, then feed the solder wire.',
      wordCount: 11,
      duplicateOf: null,
      publication: { url: `${site.origin}/guide`, query: 'Soldering guide', position: 1 },
    });
    expect(Date.parse(body.publication.since)).toBeLessThanOrEqual(Date.parse(body.checkedAt));
  });

  it('given a URL robots.txt disallows, then it names the line and fetches nothing else', async () => {
    const before = site.requests.length;
    const { body } = await inspect(`${site.origin}/private/salaries`);
    expect(body).toMatchObject({
      indexable: false,
      inPublishedCrawl: false,
      reasons: ['robots.txt disallows it: line 2, "Disallow: /private/".'],
      robots: { allowed: false, rule: 'Disallow: /private/', line: 2 },
      fetched: false,
      status: null,
      title: null,
    });
    expect(site.requests.slice(before)).toEqual(['/robots.txt']);
  });

  it('given a page that says noindex, in its meta tag or its header, then it says which', async () => {
    const meta = (await inspect(`${site.origin}/hidden`)).body;
    expect(meta).toMatchObject({
      indexable: false,
      noindex: true,
      noindexSource: 'meta',
      reasons: ['The page asks not to be indexed: its robots meta tag says noindex.'],
      title: 'Hidden',
    });
    const header = (await inspect(`${site.origin}/header-hidden`)).body;
    expect(header).toMatchObject({
      indexable: false,
      noindex: true,
      noindexSource: 'header',
      nofollow: true,
      reasons: ['The page asks not to be indexed: its X-Robots-Tag header says noindex.'],
      notes: ['Its links are not followed: the page says nofollow.'],
    });
  });

  it('given a URL a filter leaves out, or on another site, then it names the filter and fetches nothing', async () => {
    const before = site.requests.length;
    const { body } = await inspect(`${site.origin}/drafts/plan`);
    expect(body).toMatchObject({
      indexable: false,
      scope: { inScope: false, site: `${site.origin}/`, filter: '-/drafts/' },
      reasons: ['The URL filter "-/drafts/" leaves it out of the crawl.'],
      robots: null,
      fetched: false,
    });
    const elsewhere = (await inspect('https://elsewhere.example/page')).body;
    expect(elsewhere.reasons).toEqual([
      `It is not on one of the engine's sites (${site.origin}/): the crawler stays on their hosts.`,
    ]);
    expect(site.requests.slice(before)).toEqual([]);
  });

  it('given a chain of redirects, then it lists each hop and explains the page it ends on', async () => {
    const { body } = await inspect(`${site.origin}/old`);
    expect(body).toMatchObject({
      indexable: true,
      inPublishedCrawl: true,
      redirects: [
        { url: `${site.origin}/old`, status: 301, location: `${site.origin}/older` },
        { url: `${site.origin}/older`, status: 302, location: `${site.origin}/guide` },
      ],
      finalUrl: `${site.origin}/guide`,
      status: 200,
      notes: [`It redirects to ${site.origin}/guide: the crawler follows it and reads the page there.`],
      publication: { url: `${site.origin}/guide`, position: 1 },
    });
  });

  it('given a copy of a published page, then it names the page it duplicates', async () => {
    const { body } = await inspect(`${site.origin}/copy`);
    expect(body).toMatchObject({
      indexable: false,
      inPublishedCrawl: false,
      duplicateOf: `${site.origin}/guide`,
      reasons: [
        `Its content is the same as ${site.origin}/guide's, already in the published crawl: the crawler keeps one page of each content, so it records this one Duplicated.`,
      ],
    });
  });

  it('given a redirect to a private address, then it is refused as the crawler refuses it', async () => {
    const { body } = await inspect(`${site.origin}/leak`);
    expect(body.indexable).toBe(false);
    expect(body.fetchError).toMatch(/^address 10\.0\.0\.1 .*SITESEER_CRAWL_ALLOW_PRIVATE\)$/);
    expect(body.reasons).toEqual([`The crawler could not fetch it: ${body.fetchError}.`]);
  });

  it('given a file that is not HTML, then it says only HTML is indexed', async () => {
    const { body } = await inspect(`${site.origin}/logo.png`);
    expect(body).toMatchObject({
      contentType: 'image/png',
      reasons: [
        'Its content type is image/png, neither HTML nor a document the crawler reads: it is not indexed.',
      ],
    });
  });

  it('given a PDF, then it is read as the crawl reads it; a DOCX, which the engine leaves out by default, says so', async () => {
    const pdf = (await inspect(`${site.origin}/station.pdf`)).body;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', title: 'Station manual', rendering: null });
    expect(pdf.excerpt).toContain('Calibrate the soldering station weekly.');
    expect(pdf.reasons.join(' ')).not.toMatch(/content type|documents are not indexed/);
    const docx = (await inspect(`${site.origin}/station.docx`)).body;
    expect(docx.reasons).toEqual(['DOCX documents are not indexed by this engine (its document types).']);
  });

  it('given inspections, then nothing of the crawl is written', async () => {
    const before = await crawlTables();
    for (const path of ['/guide', '/hidden', '/copy', '/old', '/never-seen'])
      await inspect(`${site.origin}${path}`);
    expect(await crawlTables()).toEqual(before);
  });

  it('given a user of another account, then the engine is not found (404), whichever account it names', async () => {
    for (const accountId of [t.accountA, t.accountB]) {
      const refused = await inspect(`${site.origin}/guide`, t.ownerB.token, { accountId, engineId });
      expect({ accountId, status: refused.status }).toEqual({ accountId, status: 404 });
    }
  });

  it('given an address that is no URL, then it is refused with the spec message', async () => {
    const refused = await inspect('not a url at all');
    expect([refused.status, detailOf(refused)]).toEqual([400, 'Enter a valid URL.']);
  });

  it(`given more than ${INSPECTIONS_PER_MINUTE} inspections in a minute, then the account must wait (429)`, async () => {
    // Account B's own engine on the same site: account A's budget is not B's.
    const other = (
      await createEngine(
        t.server,
        t.ownerB,
        keywordDraft(t.accountB, 'B workshop', { urls: [`${site.origin}/`] }),
      )
    ).documentId;
    const started = await api(t.server, t.ownerB.token, 'POST', 'datasource/crawler', {
      accountId: t.accountB,
      engineId: other,
      urls: [`${site.origin}/`],
      pageLoadDelay: '0ms',
      recreate: true,
    });
    expect(started.status).toBe(200);
    const ids = { accountId: t.accountB, engineId: other };
    for (let n = 0; n < INSPECTIONS_PER_MINUTE; n++) {
      expect((await inspect('https://elsewhere.example/', t.ownerB.token, ids)).status).toBe(200);
    }
    const refused = await inspect('https://elsewhere.example/', t.ownerB.token, ids);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(detailOf(refused)).toMatch(
      /^At most 20 URL inspections a minute per account: try again in \d+ s\.$/,
    );
  });
});
