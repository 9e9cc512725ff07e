// @vitest-environment node
import { chromiumAvailable, launchChromium } from '@siteseer/test-support/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../api/search-api.ts';
import { builtScript } from '../test/built-bundle.ts';
import { fakeKeywordService } from '../test/fake-keyword-service.ts';
import { fakeSearchService } from '../test/fake-search-service.ts';
import { API_BASE, CLIENT_ID, productConfig, productRows } from '../test/fixtures.ts';
import { keywordConfig, keywordPages } from '../test/keyword-fixtures.ts';

/*
 * Layout needs a real browser: the built widget in Chromium at the width of a small phone, its
 * calls answered by the fake services of the unit tests (through a function the page calls).
 * @siteseer/test-support comes from the workspace root's devDependencies.
 */

const PHONE = { width: 320, height: 640 };

// Playwright's types, through test-support (the widget does not depend on playwright-core itself).
type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

const browserTests = chromiumAvailable();
let browser: Browser | undefined;
let script: string;

beforeAll(async () => {
  if (!browserTests) return;
  script = await builtScript();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A customer's page on a small phone with the widget of `mode`, mounted into its results element. */
async function phonePage(mode: 'keyword' | 'parametric'): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const page = await browser.newPage({ viewport: PHONE });
  const fetch: FetchLike =
    mode === 'keyword'
      ? fakeKeywordService({ config: keywordConfig(), pages: keywordPages() }).fetch
      : fakeSearchService({ config: productConfig(), rows: productRows() }).fetch;
  await page.exposeFunction('serviceFetch', async (url: string, method: string, body: string | null) => {
    const response = await fetch(url, { method, body, credentials: 'omit', mode: 'cors' });
    return { status: response.status, text: await response.text() };
  });
  await page.setContent(
    '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"></head>' +
      '<body><main><div id="results"></div></main></body></html>',
  );
  await page.addScriptTag({ content: script });
  await page.evaluate(
    ({ clientId, apiBase }) => {
      type Answer = { status: number; text: string };
      const call = (window as unknown as Record<string, (...args: unknown[]) => Promise<Answer>>)
        .serviceFetch;
      const siteseer = (window as unknown as Record<string, { mount: (...args: unknown[]) => unknown }>)
        .Siteseer;
      siteseer?.mount(document.getElementById('results'), {
        clientId,
        apiBase,
        debounceMs: 0,
        fetch: async (url: string, init: RequestInit) => {
          const answer = await call?.(
            url,
            init.method ?? 'GET',
            typeof init.body === 'string' ? init.body : null,
          );
          return new Response(answer?.text ?? '', {
            status: answer?.status ?? 500,
            headers: { 'content-type': 'application/json' },
          });
        },
      });
    },
    { clientId: CLIENT_ID, apiBase: API_BASE },
  );
  return page;
}

/** How far the page is wider than the phone's screen, in CSS pixels (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!browserTests)('the widget on a 320 px phone', () => {
  it('keyword: the search form, tabs and results fit the screen (was: the Search button stuck out)', async () => {
    const page = await phonePage('keyword');
    await page.getByRole('combobox', { name: 'Search' }).fill('widget');
    await page.getByRole('combobox', { name: 'Search' }).press('Enter');
    await page.getByRole('status').filter({ hasText: '24 results' }).waitFor();
    expect(await overflow(page)).toBe(0);
    await page.close();
  });

  it('parametric: search bar, filters and paging fit; only the table scrolls, in its box (was: the range filter stuck out)', async () => {
    const page = await phonePage('parametric');
    await page.getByRole('status').filter({ hasText: '25 results' }).waitFor();
    expect(await overflow(page)).toBe(0);
    const wrap = page.locator('.siteseer-table-wrap');
    expect(await wrap.evaluate((box) => box.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });
});
