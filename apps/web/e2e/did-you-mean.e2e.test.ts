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

// Did-you-mean in the preview's real widget, over a site crawled on 127.0.0.1: a misspelt query is
// answered with its correction and says so; "Search instead for" searches what was typed, whose
// "Did you mean" line searches the correction again; axe-clean in both schemes.

const ENGINE = 'Parts search';
const PAGES = {
  '/resistors': { title: 'Carbon film resistors', body: 'A carbon film resistor for every circuit.' },
  '/metal': { title: 'Metal oxide parts', body: 'A metal oxide resistor rated 2 W.' },
  '/guide': { title: 'Choosing parts', body: 'Pick the resistor by its power and tolerance.' },
};

const browserTests = chromiumAvailable();
let site: Site;
let crawling: CrawlingPortal;
let clientId: string;

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveSite('Parts site', PAGES);
  crawling = await startCrawlingPortal();
  const { ownerApi, portal } = crawling;
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: ENGINE,
    urls: [`${site.origin}/`],
  });
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
  clientId = created.body.clientId;
  const crawl = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId: created.body.documentId,
    urls: [`${site.origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
  });
  if (crawl.status !== 200) throw new Error(`crawl: ${JSON.stringify(crawl.body)}`);
  // Published once the public search finds the three pages.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await fetch(`${portal.base}/search/${clientId}/keyword?q=resistor`);
    if (answer.ok && ((await answer.json()) as { total: number }).total === 3) break;
    if (Date.now() > deadline) throw new Error('The crawl was not published in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);

afterAll(async () => {
  await crawling?.close();
  await site?.close();
});

/** The widget's answer to `act`, once it has rendered it. */
async function afterAnswer(preview: Page, act: () => Promise<void>): Promise<void> {
  const before = await preview.evaluate(() => (window as unknown as { answers: number }).answers);
  await act();
  await expect
    .poll(() => preview.evaluate(() => (window as unknown as { answers: number }).answers))
    .toBe(before + 1);
}

describe.skipIf(!browserTests)('did-you-mean in the widget', () => {
  it('shows the corrected results with "Search instead for", follows both ways, and is accessible', async () => {
    const preview = await crawling.browser.context.newPage();
    await preview.goto(`${crawling.portal.base}/api/client/${clientId}/kw/preview`);
    const box = preview.getByRole('combobox', { name: 'Search' });
    await box.waitFor();
    await preview.evaluate(() => {
      Object.assign(window, { answers: 0 });
      document.addEventListener('siteseer:results', () => {
        (window as unknown as { answers: number }).answers++;
      });
    });
    const line = preview.locator('.siteseer-correction');
    const titles = () => preview.locator('li.siteseer-hit a.siteseer-hit-title').allTextContents();

    await afterAnswer(preview, async () => {
      await box.fill('resistr');
      await box.press('Enter');
    });
    await expect
      .poll(() => line.textContent())
      .toBe('Showing results for resistor · Search instead for resistr');
    expect(await preview.getByRole('status').textContent()).toBe('Showing results for resistor: 3 results');
    expect((await titles()).sort()).toEqual(['Carbon film resistors', 'Choosing parts', 'Metal oxide parts']);
    await expectAccessible(preview, 'the auto-corrected results');

    await afterAnswer(preview, () => preview.getByRole('button', { name: 'resistr', exact: true }).click());
    expect(await line.textContent()).toBe('Did you mean resistor?');
    expect(await box.inputValue()).toBe('resistr');
    await expectAccessible(preview, 'the correction offered');

    await afterAnswer(preview, () => preview.getByRole('button', { name: 'resistor', exact: true }).click());
    expect(await box.inputValue()).toBe('resistor');
    expect(await line.isHidden()).toBe(true);
    expect((await titles()).length).toBe(3);
    await preview.close();
  });
});
