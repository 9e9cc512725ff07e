import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chromiumAvailable, launchBrowser } from './chromium.ts';
import { type ApiSession, apiSession } from './fixtures.ts';
import { expectAccessible, type Site, serveSite } from './keyword-site.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 37, query suggestions: a keyword engine over a site on 127.0.0.1, a query searched by three
// visitors, then the preview's real widget in Chromium: typing offers the popular search before
// the page titles, the arrow keys and Enter pick it (the widget searches it), and axe finds
// nothing in the light or the dark theme with the list open.

const PAGES = {
  '/docs/install': { title: 'Installing the agent', body: 'Install the agent on every server.' },
  '/docs/upgrade': { title: 'Upgrading', body: 'Upgrade the agent after you install a new release.' },
  '/blog/news': { title: 'Release news', body: 'The new installer is faster.' },
};
const POPULAR = 'install agent';

const browserTests = chromiumAvailable();
let site: Site;
let portal: RunningPortal;
let browser: Browser;
let ownerApi: ApiSession;
let clientId: string;

async function untilSearchable(): Promise<void> {
  for (let n = 0; n < 600; n++) {
    const answer = await fetch(`${portal.base}/search/${clientId}/keyword?q=agent`);
    if (answer.status === 200 && ((await answer.json()) as { total: number }).total > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The crawl was not published');
}

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveSite('Agent docs', PAGES);
  portal = await startPortal({
    env: {
      SITESEER_CRAWL_WORKER: 'on',
      SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1',
      SITESEER_SUGGESTIONS_REFRESH_SECONDS: '0',
    },
    crawlTiming: { recrawlCheckMs: 100, pageTimeoutMs: 2000 },
  });
  const seeded = portal.api.credentials?.owner;
  if (!seeded) throw new Error('The test server did not seed its logins');
  ownerApi = await apiSession(portal.base, portal.config, seeded.email, seeded.password);
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: 'Agent docs',
    urls: [`${site.origin}/`],
    pageLoadDelay: '0ms',
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  clientId = created.body.clientId;
  const crawl = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId: created.body.documentId,
    urls: [`${site.origin}/`],
    pageLoadDelay: '0ms',
    recreate: true,
  });
  if (crawl.status !== 200) throw new Error(JSON.stringify(crawl.body));
  await untilSearchable();
  // Three visitors (three browsers, as the visitor id tells them apart) find something for it.
  for (const agent of ['Visitor/1', 'Visitor/2', 'Visitor/3']) {
    await fetch(`${portal.base}/search/${clientId}/keyword?${new URLSearchParams({ q: POPULAR })}`, {
      headers: { 'user-agent': agent },
    });
  }
  await portal.api.state.recorder.flush();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await site?.close();
});

const options = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');

describe.runIf(browserTests)('query suggestions in the widget', () => {
  it('Given a query three visitors searched, when a visitor types its start, then it comes first and the keyboard picks it', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portal.base}/api/client/${clientId}/kw/preview`);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.waitFor();
    await box.click();
    // Popular queries are read again behind the first answers: type again until it shows.
    await expect
      .poll(
        async () => {
          await box.fill('');
          await box.pressSequentially('inst', { delay: 20 });
          await page.waitForTimeout(400);
          return options(page).allTextContents();
        },
        { timeout: 15_000 },
      )
      .toEqual([POPULAR, 'Installing the agent']);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('2 suggestions, use the arrow keys to choose').waitFor({ state: 'attached' });
    await expectAccessible(page, 'the suggestion list open');

    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).textContent()).toBe(POPULAR);
    await box.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /result/ })
      .waitFor();
    expect(await box.inputValue()).toBe(POPULAR);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(page.url()).toContain('/kw/preview');
    await page.close();
  });
});
