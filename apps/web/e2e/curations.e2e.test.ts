import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import type { ApiSession } from './fixtures.ts';
import {
  type CrawlingPortal,
  crawled,
  expectAccessible,
  wizardRegion as region,
  type Site,
  serveSite,
  startCrawlingPortal,
  wizardStep as step,
} from './keyword-site.ts';

// Issue 37, curations: in the Influence step an owner hides a wrong page for a query (picked from
// the crawled pages) beside the one pinned, publishes, and the public search answers accordingly.
const ENGINE = 'Pricing Search';

const browserTests = chromiumAvailable();
let site: Site;
let crawling: CrawlingPortal;
let owner: Page;
let ownerApi: ApiSession;
let engineId: string;
let clientId: string;

const url = (path: string) => `${site.origin}${path}`;

async function publicSearch(q: string): Promise<{ total: number; hits: { url: string; pinned: boolean }[] }> {
  const response = await fetch(
    `${crawling.portal.base}/search/${clientId}/keyword?q=${encodeURIComponent(q)}`,
  );
  return (await response.json()) as { total: number; hits: { url: string; pinned: boolean }[] };
}

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveSite('Welcome', {
    '/pricing': { title: 'Plans', body: 'Our pricing for teams of every size.' },
    '/old-pricing': { title: 'Archive 2019', body: 'The pricing we had in 2019.' },
    '/faq': { title: 'Questions', body: 'Answers about invoices and refunds.' },
  });
  crawling = await startCrawlingPortal();
  ({ owner, ownerApi } = crawling);
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: ENGINE,
    urls: [url('/')],
  });
  if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
  engineId = created.body.documentId;
  clientId = created.body.clientId;
  const crawler = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId,
    urls: [url('/')],
    pageLoadDelay: '0ms',
    crawlFrequency: '720h',
    recreate: true,
  });
  if (crawler.status !== 200) throw new Error(`crawler not created: ${JSON.stringify(crawler.body)}`);
});

afterAll(async () => {
  await crawling?.close();
  await site?.close();
});

describe.runIf(browserTests)('curations in the Influence step, in Chromium', () => {
  it('Given a crawled engine, when the owner hides a crawled page and pins another for a query, then the public answer leaves the hidden out and leads with the pin', async () => {
    await expect
      .poll(async () => (await publicSearch('pricing')).total, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    expect(Object.keys(await crawled(ownerApi, engineId))).toContain(url('/old-pricing'));

    await owner.goto(`${crawling.portal.base}/`);
    await owner
      .getByRole('article', { name: ENGINE })
      .getByRole('button', { name: `Actions for ${ENGINE}` })
      .click();
    await owner.getByRole('menuitem', { name: 'Edit' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Keyword Edit Wizard' }).waitFor();
    await step(owner, 'Influence').click();
    const influence = region(owner, 'Influence');
    await influence.getByLabel('Enable result ranking').check();
    await influence.getByRole('textbox', { name: 'Query' }).fill('Pricing');
    await influence.getByRole('textbox', { name: 'Result URLs' }).fill(url('/faq'));
    // The hidden page is picked from the crawled pages by the start of its URL.
    await influence.getByRole('combobox', { name: 'Hide a crawled page' }).fill(url('/old'));
    await owner.getByRole('option', { name: url('/old-pricing') }).click();
    expect(await influence.getByRole('textbox', { name: 'Hidden URLs' }).inputValue()).toBe(
      url('/old-pricing'),
    );
    await expectAccessible(owner, 'Influence step with an entry being made');
    await influence.getByRole('button', { name: 'Add Entry' }).click();
    const entries = influence.getByRole('table', { name: 'Result ranking entries' });
    expect(await entries.locator('tbody tr').allTextContents()).toEqual([
      `Pricing${url('/faq')}${url('/old-pricing')}EditDelete`,
    ]);
    await expectAccessible(owner, 'Influence step with a pinned and a hidden URL');

    await step(owner, 'Review').click();
    const review = region(owner, 'Review');
    expect(
      await review.getByRole('region', { name: 'Relevance and result ranking' }).textContent(),
    ).toContain('Pricing: 1 result(s), 1 hidden');
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();

    await expect
      .poll(async () => (await publicSearch('pricing')).hits.map((hit) => hit.url), { timeout: 15_000 })
      .toEqual([url('/faq'), url('/pricing')]);
    const answer = await publicSearch('pricing');
    expect(answer.total).toBe(2);
    expect(answer.hits[0]?.pinned).toBe(true);
  });
});
