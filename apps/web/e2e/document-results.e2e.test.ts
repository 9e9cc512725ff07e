import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { docxBytes, pdfBytes } from '@siteseer/test-support/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import { type CrawlingPortal, expectAccessible, startCrawlingPortal } from './keyword-site.ts';

// Documents in the preview's real widget, over a site crawled on 127.0.0.1 (issue 38): a PDF and a
// DOCX linked from the home page are found by a word of their text and labelled with their file
// type; a web page has no label; axe-clean in both schemes.

const DOCUMENTS: Record<string, { type: string; body: Buffer }> = {
  '/manuals/derailleur.pdf': {
    type: 'application/pdf',
    body: pdfBytes(['Derailleur adjustment: set the limit screws, then the cable tension.'], {
      title: 'Derailleur manual',
    }),
  },
  '/letters/derailleur-recall.docx': {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    body: docxBytes(['Some derailleur hangers of 2025 are recalled; bring the bike in.'], {
      heading: 'Derailleur hanger recall',
    }),
  },
};

function serveShop(): Promise<Server> {
  const html = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const document = DOCUMENTS[path];
    if (document) res.writeHead(200, { 'content-type': document.type }).end(document.body);
    else if (path === '/')
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        html(
          'Bike workshop',
          '<p>Derailleur service while you wait.</p>' +
            Object.keys(DOCUMENTS)
              .map((p) => `<a href="${p}">${p}</a>`)
              .join(' '),
        ),
      );
    else res.writeHead(404).end('not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const browserTests = chromiumAvailable();
let site: Server;
let crawling: CrawlingPortal;
let clientId: string;

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveShop();
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  crawling = await startCrawlingPortal();
  const { ownerApi, portal } = crawling;
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: 'Workshop search',
    urls: [`${origin}/`],
    documentTypes: ['pdf', 'docx'],
  });
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
  clientId = created.body.clientId;
  const started = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId: created.body.documentId,
    urls: [`${origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    documentTypes: ['pdf', 'docx'],
    recreate: true,
  });
  if (started.status !== 200) throw new Error(`crawl: ${JSON.stringify(started.body)}`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await fetch(`${portal.base}/search/${clientId}/keyword?q=derailleur`);
    if (answer.ok && ((await answer.json()) as { total: number }).total === 3) break;
    if (Date.now() > deadline)
      throw new Error("'derailleur' did not find the page and both documents in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 240_000);

afterAll(async () => {
  await crawling?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe.skipIf(!browserTests)('document results in the widget', () => {
  it('labels the PDF and the DOCX with their file type, the web page with none, and is accessible', async () => {
    const preview = await crawling.browser.context.newPage();
    await preview.goto(`${crawling.portal.base}/api/client/${clientId}/kw/preview`);
    const box = preview.getByRole('combobox', { name: 'Search' });
    await box.fill('derailleur');
    await box.press('Enter');
    const hits = preview.locator('li.siteseer-hit');
    await expect.poll(() => hits.count()).toBe(3);
    const labelled = await hits.evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('.siteseer-hit-title')?.textContent ?? '',
        item.querySelector('.siteseer-file-type')?.textContent ?? null,
      ]),
    );
    expect(labelled.sort()).toEqual([
      ['Bike workshop', null],
      ['Derailleur hanger recall', 'DOCX'],
      ['Derailleur manual', 'PDF'],
    ]);
    await expectAccessible(preview, 'results with documents');
    await preview.close();
  });
});
