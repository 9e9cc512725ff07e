import type { IncomingMessage, ServerResponse } from 'node:http';
import { CRAWL_STATUS, type CrawlReportResponse } from '@siteseer/core';
import { docxBytes, odtBytes, pdfBytes, pptxBytes } from '@siteseer/test-support/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, htmlPage, search, until } from './keyword-fixture.ts';

// Documents crawled as pages (issue 38): PDFs and DOCX files linked from a page or listed in a
// sitemap are read when the engine's documentTypes allows them, found by the words of their text
// with their type on the hit; the others are in the crawl report with the reason they were not.

const PDF = { 'content-type': 'application/pdf' };
const DOCX = { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

const routes = {
  '/robots.txt': (req: IncomingMessage, res: ServerResponse) =>
    answer(200, `User-agent: *\nAllow: /\nSitemap: http://${req.headers.host}/sitemap.xml`, {
      'content-type': 'text/plain',
    })(req, res),
  '/sitemap.xml': (req: IncomingMessage, res: ServerResponse) =>
    answer(
      200,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${req.headers.host}/listed.pdf</loc></url></urlset>`,
      { 'content-type': 'application/xml' },
    )(req, res),
  '/': htmlPage(
    'Bike shop',
    '<p>Welcome to the bike shop.</p>' +
      '<a href="/manuals/gears.pdf">Gear manual</a> <a href="/letters/service.docx">Service letter</a> ' +
      '<a href="/download?file=brakes">Brake sheet</a> <a href="/catalogue.pdf">Catalogue</a> ' +
      '<a href="/archive.pdf">Archive</a> <a href="/deck.pptx">Deck</a> <a href="/notes.odt">Notes</a>',
  ),
  '/manuals/gears.pdf': answer(
    200,
    pdfBytes(['Indexing a zebra derailleur', 'Adjust the limit screws first.'], { title: 'Gear manual' }),
    PDF,
  ),
  '/letters/service.docx': answer(
    200,
    docxBytes(['Your giraffe tandem is ready for collection.'], { heading: 'Service complete' }),
    DOCX,
  ),
  // Served as bytes: the attachment's file name names it.
  '/download?file=brakes': answer(200, pdfBytes(['Brake pads wear out; the okapi test shows when.']), {
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment; filename="brakes.pdf"',
  }),
  '/deck.pptx': answer(200, pptxBytes([['Spring range'], ['The pangolin gravel frame']]), {
    'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  }),
  '/notes.odt': answer(
    200,
    odtBytes(['The ocelot saddle fits most seat posts.'], { heading: 'Fitting notes' }),
    {
      'content-type': 'application/vnd.oasis.opendocument.text',
    },
  ),
  '/listed.pdf': answer(200, pdfBytes(['Tyre sizes for the narwhal fat bike.']), PDF),
  // 501 pages: one more than a document may have.
  '/catalogue.pdf': answer(
    200,
    pdfBytes(Array.from({ length: 501 }, (_, n) => `Wombat parts, page ${n + 1}`)),
    PDF,
  ),
  // 6 MB: past the crawler's body limit (5 MB).
  '/archive.pdf': answer(200, Buffer.concat([pdfBytes(['Archive']), Buffer.alloc(6 * 1024 * 1024, 32)]), PDF),
};

let t: Tenants;
let site: FixtureSite;

describe('a crawl of a site with documents', () => {
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    t = await startWithTenants(CRAWLING);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
  });

  it('given every document type, then each document is found by a word of its text with its type', async () => {
    const engine = await crawledEngine('Bike shop documents', ['pdf', 'docx', 'pptx', 'xlsx', 'odt']);
    const zebra = await search(t.server, engine.clientId, { q: 'zebra' });
    expect(zebra.body.hits).toEqual([
      expect.objectContaining({
        url: `${site.origin}/manuals/gears.pdf`,
        title: 'Gear manual',
        type: 'pdf',
        snippet: expect.stringContaining('<mark>zebra</mark>'),
      }),
    ]);
    const giraffe = await search(t.server, engine.clientId, { q: 'giraffe' });
    expect(giraffe.body.hits).toEqual([
      expect.objectContaining({
        url: `${site.origin}/letters/service.docx`,
        title: 'Service complete',
        type: 'docx',
        snippet: expect.stringContaining('<mark>giraffe</mark>'),
      }),
    ]);
    // Served as bytes, named by its Content-Disposition's file name; listed only in the sitemap.
    const okapi = await search(t.server, engine.clientId, { q: 'okapi' });
    expect(okapi.body.hits.map((hit: { url: string; type: string }) => [hit.url, hit.type])).toEqual([
      [`${site.origin}/download?file=brakes`, 'pdf'],
    ]);
    const narwhal = await search(t.server, engine.clientId, { q: 'narwhal' });
    expect(narwhal.body.hits.map((hit: { url: string; type: string }) => [hit.url, hit.type])).toEqual([
      [`${site.origin}/listed.pdf`, 'pdf'],
    ]);
    const typesOf = async (q: string) =>
      (await search(t.server, engine.clientId, { q })).body.hits.map((hit: { url: string; type: string }) => [
        hit.url,
        hit.type,
      ]);
    expect(await typesOf('pangolin')).toEqual([[`${site.origin}/deck.pptx`, 'pptx']]);
    expect(await typesOf('ocelot')).toEqual([[`${site.origin}/notes.odt`, 'odt']]);
    const welcome = await search(t.server, engine.clientId, { q: 'welcome' });
    expect(welcome.body.hits.map((hit: { type: string }) => hit.type)).toEqual(['html']);

    const rows = rowsOf(engine.report);
    expect(rows[`${site.origin}/catalogue.pdf`]).toEqual([
      CRAWL_STATUS.SUCCESS,
      'Not indexed: The PDF has 501 pages, more than the 500 read.',
    ]);
    expect(rows[`${site.origin}/archive.pdf`]).toEqual([
      CRAWL_STATUS.FETCH_FAILED,
      expect.stringMatching(/^Not indexed: .*5 ?MB/),
    ]);
    expect(rows[`${site.origin}/manuals/gears.pdf`]).toEqual([CRAWL_STATUS.SUCCESS, undefined]);
    expect((await search(t.server, engine.clientId, { q: 'wombat' })).body.hits).toEqual([]);
  });

  it('given documentTypes [], then no document is indexed and the report says why for each', async () => {
    const engine = await crawledEngine('Bike shop pages only', []);
    for (const q of ['zebra', 'giraffe', 'okapi', 'narwhal', 'pangolin', 'ocelot']) {
      expect((await search(t.server, engine.clientId, { q })).body.total).toBe(0);
    }
    expect((await search(t.server, engine.clientId, { q: 'welcome' })).body.total).toBe(1);
    const rows = rowsOf(engine.report);
    expect(rows[`${site.origin}/manuals/gears.pdf`]).toEqual([
      CRAWL_STATUS.SUCCESS,
      'Not indexed: PDF documents are not indexed by this engine (its document types).',
    ]);
    expect(rows[`${site.origin}/letters/service.docx`]).toEqual([
      CRAWL_STATUS.SUCCESS,
      'Not indexed: DOCX documents are not indexed by this engine (its document types).',
    ]);
    expect(rows[`${site.origin}/listed.pdf`]?.[1]).toBe(
      'Not indexed: PDF documents are not indexed by this engine (its document types).',
    );
  });

  it('given no documentTypes, then PDFs are indexed and DOCX files are not (the default)', async () => {
    const engine = await crawledEngine('Bike shop defaults', undefined);
    expect((await search(t.server, engine.clientId, { q: 'zebra' })).body.total).toBe(1);
    expect((await search(t.server, engine.clientId, { q: 'giraffe' })).body.total).toBe(0);
    const settings = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engine.engineId}?accountId=${t.accountA}`,
    );
    expect(settings.body.documentTypes).toEqual(['pdf']);
  });

  it('given a document type the contract does not know, then the crawler settings are refused', async () => {
    const created = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Bad types', { urls: [`${site.origin}/`] }),
    );
    const refused = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: created.documentId,
      urls: [`${site.origin}/`],
      documentTypes: ['rtf'],
    });
    expect(refused.status).toBe(400);
  });
});

/** The report's rows by URL: status and reason. */
function rowsOf(report: CrawlReportResponse): Record<string, [number, string | undefined]> {
  return Object.fromEntries(report.hits.hits.map((hit) => [hit.url, [hit.status, hit.reason]]));
}

/** An engine of the site with these document types (absent: the default), crawled to the end. */
async function crawledEngine(name: string, documentTypes: string[] | undefined) {
  const types = documentTypes === undefined ? {} : { documentTypes };
  const created = await createEngine(
    t.server,
    t.ownerA,
    keywordDraft(t.accountA, name, { urls: [`${site.origin}/`], ...types }),
  );
  const started = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: t.accountA,
    engineId: created.documentId,
    urls: [`${site.origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
    ...types,
  });
  expect(started.status).toBe(200);
  const report = await until(
    'the crawl to be published',
    async () => {
      const body = await reportOf(created.documentId);
      return body.state === 'finished' && body.publication?.publishedRunId ? body : undefined;
    },
    60_000,
  );
  return { engineId: created.documentId, clientId: created.clientId, report };
}

async function reportOf(engineId: string): Promise<CrawlReportResponse> {
  const answered = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
    accountId: t.accountA,
    engineId,
    resultSize: 100,
  });
  return answered.body;
}
