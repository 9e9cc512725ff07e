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
});

afterAll(async () => {
  await crawling?.close();
  await site?.close();
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
});
