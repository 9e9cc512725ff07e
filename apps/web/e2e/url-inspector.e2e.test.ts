import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import {
  type CrawlingPortal,
  expectAccessible,
  type Site,
  serveSite,
  startCrawlingPortal,
} from './keyword-site.ts';

// Issue 38: "Why is this page not in my search?" on the crawl report, in Chromium: a URL of a real
// site on 127.0.0.1 inspected through the portal's box, its verdict and steps read as a person
// (and a screen reader) would, and no WCAG A/AA violation in either theme.

const ENGINE = 'Inspected Docs';
const browserTests = chromiumAvailable();

let crawling: CrawlingPortal;
let site: Site;
let reportPath: string;
/** A single-page app on 127.0.0.1 whose title and text its script writes, and its engine's report. */
let app: Server;
let appOrigin: string;
let renderedReportPath: string;

/** The SPA's routes: a shell titled "Loading", and the script that writes the page. */
const APP: Record<string, [string, string]> = {
  '/robots.txt': ['text/plain', 'User-agent: *\nAllow: /\n'],
  '/': [
    'text/html; charset=utf-8',
    '<!doctype html><html lang="en"><head><title>Flux app</title></head><body><a href="/app">App</a></body></html>',
  ],
  '/app': [
    'text/html; charset=utf-8',
    '<!doctype html><html lang="en"><head><title>Loading</title></head><body><main id="app">Loading…</main><script src="/app.js"></script></body></html>',
  ],
  '/app.js': [
    'text/javascript',
    "document.title = 'Flux guide'; document.getElementById('app').textContent = 'Clean the joint, then add flux before the solder.';",
  ],
};

/** Screens to look at when SITESEER_SCREENS names a folder: 1440 px light and dark, 390 px. */
async function screens(page: Page, name: string): Promise<void> {
  const folder = process.env.SITESEER_SCREENS;
  if (!folder) return;
  for (const [width, scheme] of [
    [1440, 'light'],
    [1440, 'dark'],
    [390, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${folder}/${name}-${width}-${scheme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveSite('Workshop', {
    '/guide': { title: 'Soldering guide', body: 'Heat the joint with the iron, then feed the solder wire.' },
    '/tools': { title: 'Workbench tools', body: 'Pliers, cutters and a soldering iron.' },
  });
  crawling = await startCrawlingPortal();
  const { ownerApi } = crawling;
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: ENGINE,
    urls: [`${site.origin}/`],
  });
  if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
  const engineId = created.body.documentId as string;
  const crawler = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId,
    urls: [`${site.origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '720h',
    recreate: true,
  });
  if (crawler.status !== 200) throw new Error(`crawler not created: ${JSON.stringify(crawler.body)}`);
  // Published: the inspector finds the page in the published crawl and ranks it.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const report = await ownerApi.call('POST', 'datasource/crawler/report', {
      accountId: ownerApi.accountId,
      engineId,
    });
    if (report.body?.state === 'finished' && report.body.publication?.publishedRunId != null) break;
    if (Date.now() > deadline) throw new Error(`not published: ${JSON.stringify(report.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  reportPath = `/keywordcrawlreport/${ownerApi.accountId}/${engineId}`;

  app = createServer((req, res) => {
    const [type, body] = APP[req.url ?? '/'] ?? ['text/plain', 'not found'];
    res.writeHead(APP[req.url ?? '/'] ? 200 : 404, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  const rendered = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: 'Rendered App',
    urls: [`${appOrigin}/`],
  });
  if (rendered.status !== 200) throw new Error(`engine not created: ${JSON.stringify(rendered.body)}`);
  const renderedCrawler = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId: rendered.body.documentId,
    urls: [`${appOrigin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '720h',
    renderJavaScript: true,
    recreate: true,
  });
  if (renderedCrawler.status !== 200)
    throw new Error(`crawler not created: ${JSON.stringify(renderedCrawler.body)}`);
  renderedReportPath = `/keywordcrawlreport/${ownerApi.accountId}/${rendered.body.documentId}`;
});

afterAll(async () => {
  await crawling?.close();
  await site?.close();
  await new Promise((resolve) => app?.close(resolve));
});

describe.runIf(browserTests)('the URL inspector in Chromium', () => {
  it('Given a crawled page, when the owner inspects it on the crawl report, then it is indexable and ranked first for its title', async () => {
    const { owner, portal } = crawling;
    await owner.goto(`${portal.base}${reportPath}`);
    const box = owner.getByRole('region', { name: 'Why is this page not in my search?' });
    await box.getByRole('textbox', { name: 'URL to inspect' }).fill(`${site.origin}/guide`);
    await box.getByRole('button', { name: 'Inspect' }).click();
    await box.getByText(`Indexable: ${site.origin}/guide`).waitFor({ timeout: 30_000 });
    const steps = box.getByRole('table', { name: 'Inspection steps' });
    const step = (label: string) =>
      steps
        .getByRole('row')
        .filter({ has: owner.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell');
    expect(await step('Title').textContent()).toBe('Soldering guide');
    expect(await step('robots.txt').textContent()).toBe('allowed (no robots.txt)');
    expect(await step('Published').textContent()).toMatch(/; position 1 for "Soldering guide"$/);
    await expectAccessible(owner, 'the URL inspector with an indexable page');
  });

  it('Given a missing page, when it is inspected, then the reason says it is gone', async () => {
    const { owner } = crawling;
    const box = owner.getByRole('region', { name: 'Why is this page not in my search?' });
    await box.getByRole('textbox', { name: 'URL to inspect' }).fill(`${site.origin}/nowhere`);
    await box.getByRole('button', { name: 'Inspect' }).click();
    await box.getByText(`Not indexable: ${site.origin}/nowhere`).waitFor({ timeout: 30_000 });
    expect(await box.getByRole('listitem').first().textContent()).toBe(
      'The page answered HTTP 404: it is gone.',
    );
    await expectAccessible(owner, 'the URL inspector with a missing page');
  });

  it('Given an engine that renders JavaScript, when its app page is inspected, then the title its script wrote shows and the Rendering row says so', async () => {
    const { owner, portal } = crawling;
    await owner.goto(`${portal.base}${renderedReportPath}`);
    const box = owner.getByRole('region', { name: 'Why is this page not in my search?' });
    await box.getByRole('textbox', { name: 'URL to inspect' }).fill(`${appOrigin}/app`);
    await box.getByRole('button', { name: 'Inspect' }).click();
    await box.getByText(`Indexable: ${appOrigin}/app`).waitFor({ timeout: 60_000 });
    const steps = box.getByRole('table', { name: 'Inspection steps' });
    const step = (label: string) =>
      steps
        .getByRole('row')
        .filter({ has: owner.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell');
    expect(await step('Rendering').textContent()).toBe('rendered in Chromium: read after its scripts ran');
    expect(await step('Title').textContent()).toBe('Flux guide');
    expect(await step('Excerpt').textContent()).toBe('Clean the joint, then add flux before the solder.');
    await expectAccessible(owner, 'the URL inspector with a rendered page');
    await box.scrollIntoViewIfNeeded();
    await screens(owner, 'url-inspector-rendered');
  });
});
