import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeLabel, type ParametricConfiguration } from '@siteseer/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DIST } from '../src/routes/widget.ts';
import { chromiumAvailable, launchChromium } from './chromium.ts';
import { api, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Product, products, toCsv } from './parametric-fixture.ts';

const DATA = products(120);
let server: TestServer;
let browser: Browser;
let clientId: string;
let engineId: string;
let ownerToken: string;

async function publishFixture(
  token: string,
  accountId: string,
): Promise<{ clientId: string; engineId: string }> {
  const form = new FormData();
  form.set('accountId', accountId);
  form.set('file', new Blob([toCsv(DATA)]), 'products.csv');
  const uploaded = (await (
    await fetch(`${server.base}/api/parametric/file/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { importId: string };
  const preview = await api(server, token, 'GET', `parametric/file/${uploaded.importId}/preview`);
  const inferred = preview.body.configuration as ParametricConfiguration;
  const id = (label: string) =>
    Object.values(inferred.columns).find((c) => decodeLabel(c.label) === label)?.id as string;
  const columns = Object.fromEntries(
    Object.entries(inferred.columns).map(([key, c]) => [
      key,
      {
        ...c,
        supports: { filtering: key === id('Category') || key === id('Price'), sorting: c.type !== 'image' },
      },
    ]),
  );
  const configuration: ParametricConfiguration = {
    columns,
    filters: {
      [id('Category')]: {
        id: id('Category'),
        label: 'Category',
        position: 0,
        type: 'list',
        supports: { rangeFilter: false },
      },
      [id('Price')]: {
        id: id('Price'),
        label: 'Price',
        position: 1,
        type: 'default',
        supports: { rangeFilter: true },
      },
    },
    settings: { ...inferred.settings, showSearchBar: true, autoApplyFilters: true, filterFormat: 'list' },
  };
  const engine = await api(server, token, 'POST', 'searchengines', {
    searchEngineType: 'pm',
    accountId,
    searchEngineName: 'Preview catalogue',
  });
  const published = await api(server, token, 'POST', 'parametric/create', {
    spreadsheetId: uploaded.importId,
    engineId: engine.body.documentId,
    accountId,
    version: 1,
    configuration,
  });
  expect(published.status).toBe(200);
  return { clientId: published.body.clientId, engineId: engine.body.documentId };
}

const browserTests = chromiumAvailable();

/**
 * Without the widget's bundle the preview page renders no table, and every test would wait out its
 * timeout for one (30 s each): say at once what is missing instead.
 */
function assertWidgetBuilt(dist = WIDGET_DIST): void {
  const bundle = join(dist, 'siteseer-widget.js');
  if (!existsSync(bundle))
    throw new Error(`The widget is not built (no ${bundle}): run \`pnpm build\` first.`);
}

beforeAll(async () => {
  if (!browserTests) return;
  assertWidgetBuilt();
  server = await startTestServer();
  const owner = server.credentials?.owner;
  const tokens = await signIn(server, owner?.email ?? '', owner?.password ?? '');
  ownerToken = tokens.access_token;
  const me = await api(server, tokens.access_token, 'GET', 'profile/me');
  ({ clientId, engineId } = await publishFixture(tokens.access_token, me.body.accounts[0].id));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The SKUs shown in the results table, in order. */
async function shownSkus(page: import('playwright-core').Page): Promise<string[]> {
  return page.locator('table tbody tr td:first-child').allTextContents();
}

describe('the preview suite without a widget build', () => {
  it('given no widget bundle, then it fails at once, saying to run pnpm build (it waited 30 s per test)', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-widget-'));
    try {
      expect(() => assertWidgetBuilt(empty)).toThrow(/The widget is not built .*run `pnpm build` first/);
    } finally {
      await rm(empty, { recursive: true });
    }
  });
});

describe.runIf(browserTests)('the preview page in Chromium', () => {
  it('given a published engine, when searching, filtering and sorting, then the rows shown match the data', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${server.base}/api/parametric/preview?clientId=${clientId}&engineName=Preview%20catalogue`,
    );
    await expect(page.getByRole('heading', { name: 'Preview catalogue' }).count()).resolves.toBe(1);
    const table = page.getByRole('table', { name: 'Search results' });
    await table.waitFor();
    expect(await shownSkus(page)).toEqual(DATA.slice(0, 20).map((p) => p.sku));

    // Text search: every word a prefix of some word of the row.
    await page.getByLabel('Search', { exact: true }).fill('compact');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const compact = DATA.filter((p) => p.name.startsWith('compact'));
    await expect.poll(() => shownSkus(page)).toEqual(compact.slice(0, 20).map((p) => p.sku));
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    // A list filter, then a range filter.
    const sensors = DATA.filter((p) => p.category === 'Sensors');
    await page.getByRole('checkbox', { name: `Sensors (${sensors.length})` }).check();
    await expect.poll(() => shownSkus(page)).toEqual(sensors.slice(0, 20).map((p) => p.sku));
    const min = page.getByLabel('Price Min', { exact: true });
    await min.fill('200');
    await min.press('Enter');
    const max = page.getByLabel('Price Max', { exact: true });
    await max.fill('700');
    await max.press('Enter');
    const inRange = (p: Product) => p.category === 'Sensors' && p.price >= 200 && p.price <= 700;
    await expect
      .poll(() => shownSkus(page))
      .toEqual(
        DATA.filter(inRange)
          .slice(0, 20)
          .map((p) => p.sku),
      );

    // Sort by price, descending on the second click.
    const priceHeader = page.getByRole('button', { name: 'Price', exact: true });
    await priceHeader.click();
    await priceHeader.click();
    const sorted = DATA.filter(inRange).sort(
      (a, b) => b.price - a.price || DATA.indexOf(a) - DATA.indexOf(b),
    );
    await expect.poll(() => shownSkus(page)).toEqual(sorted.slice(0, 20).map((p) => p.sku));
    await expect(page.locator('th[aria-sort="descending"]').count()).resolves.toBe(1);
    await page.close();
  });
});

/** A customer's site: another origin on 127.0.0.1 serving a page with the pasted snippet. */
async function customerSite(head: string, body: string): Promise<{ url: string; server: Server }> {
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Shop</title>${head}</head><body><h1>Our parts</h1>${body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    server: site,
  };
}

describe.runIf(browserTests)('the install snippet on a customer page', () => {
  it('given the snippet pasted on another origin, then the widget searches, a followed link is in the report; given a different allowed origin, then it is refused', async () => {
    const snippet = await api(server, ownerToken, 'GET', `client/${clientId}/pm/snippet`);
    expect(snippet.status).toBe(200);
    expect(snippet.body.head).toContain(`data-siteseer-client="${clientId}"`);
    const site = await customerSite(snippet.body.head, snippet.body.body);
    try {
      const page = await browser.newPage();
      await page.goto(site.url);
      await page.getByRole('table', { name: 'Search results' }).waitFor();
      expect(await shownSkus(page)).toEqual(DATA.slice(0, 20).map((p) => p.sku));

      // A visitor follows the first row's link on page 2: the product page opens (served here, not
      // on the network) and the click reaches the owner's analytics at rank 21.
      await page
        .context()
        .route('https://shop.example.test/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Product</title>' }),
        );
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect.poll(() => shownSkus(page)).toEqual(DATA.slice(20, 40).map((p) => p.sku));
      const link = page.locator('tbody tr').first().locator('a[data-siteseer-column]');
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toBe(DATA[20]?.link);
      await link.click();
      const report = async (kind: string) =>
        (await api(server, ownerToken, 'GET', `analytics/${engineId}/report?report=${kind}&period=7d`)).body;
      // Recorded in batches: poll until the click is written.
      await expect
        .poll(async () => (await report('summary')).summary, { timeout: 10_000 })
        .toMatchObject({ clicks: 1, clickedSearches: 1, averageClickPosition: 21 });
      expect((await report('clicks')).results).toEqual([{ url: href, clicks: 1, averageClickPosition: 21 }]);
      await page.goto(site.url);
      await page.getByRole('table', { name: 'Search results' }).waitFor();

      const client = await api(server, ownerToken, 'GET', `client/${clientId}`);
      const settings = { ...client.body.settings, origin: 'https://shop.example.test' };
      const updated = await api(server, ownerToken, 'PUT', `client/${clientId}/settings`, {
        type: 'pm',
        settings,
      });
      expect(updated.status).toBe(200);
      await page.reload();
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Search is unavailable right now.');
      await page.close();
    } finally {
      site.server.close();
    }
  });
});
