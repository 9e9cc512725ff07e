import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@siteseer/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  chromiumAvailable,
  launchBrowser,
  signInThroughPortal,
} from './chromium.ts';
import { type ApiSession, apiSession, createTenant } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 13, screen 2: a keyword engine's crawl of a small site on 127.0.0.1, watched in the crawl
// report from the dashboard card's Status button until it is finalized, then filtered and paged;
// another account's owner gets nothing of it.
const ENGINE = 'Loopback Docs';
const DOC_PAGES = 72;
/** The root, the documentation pages, a 404, a redirect and the page held back until released. */
const KNOWN_URLS = 1 + DOC_PAGES + 3;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * The crawled site: a home page linking to every documentation page, a missing page (404), an old
 * address redirecting to page 1, and /last, which answers only once the test releases it, so the
 * crawl cannot be finalized before the report has been seen running.
 */
function startSite(): Promise<{ server: Server; base: string; release: () => void; hold: () => void }> {
  let release = () => {};
  let released = Promise.resolve();
  // /last waits again until the next release (a crawl started over is seen running too).
  const hold = () => {
    released = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  hold();
  const links = Array.from(
    { length: DOC_PAGES },
    (_, i) => `<a href="/docs/page-${i + 1}">Page ${i + 1}</a>`,
  );
  const server = createServer((req, res) => {
    const html = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const path = req.url ?? '/';
    if (path === '/')
      return html(
        200,
        page(
          'Home',
          `${links.join(' ')} <a href="/missing">gone</a> <a href="/old">old</a> <a href="/last">last</a>`,
        ),
      );
    const doc = /^\/docs\/page-(\d+)$/.exec(path);
    if (doc) return html(200, page(`Documentation page ${doc[1]}`, `<p>Words of page ${doc[1]}.</p>`));
    if (path === '/old') return res.writeHead(301, { location: '/docs/page-1' }).end();
    if (path === '/last') return void released.then(() => html(200, page('Last', '<p>The last page.</p>')));
    return html(404, page('Not found', '<p>No such page.</p>'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        release: () => release(),
        hold,
      }),
    ),
  );
}

let portal: RunningPortal;
let site: Awaited<ReturnType<typeof startSite>>;
let ownerApi: ApiSession;
let engineId: string;
let browser: Browser;
let browserB: Browser;
let owner: Page;
let ownerB: Page;
/** Account B, of another owner. */
let accountB: string;
const invitations = new Map<string, string>();

const resultsLine = (p: Page) => p.getByText(/^\d+ results \([\d.]+ seconds\)$/);
const table = (p: Page) => p.getByRole('table', { name: 'Crawled URLs' });
const pager = (p: Page) => p.getByRole('navigation', { name: 'Crawl report pages' });

/** The rows of the report table, each as its cells' texts. */
function rows(p: Page): Promise<string[][]> {
  return table(p)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

async function expectAccessible(p: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(p, scheme), `${scheme}: ${p.url()}`).toEqual([]);
  }
  await p.emulateMedia({ colorScheme: 'light' });
}

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  site = await startSite();
  portal = await startPortal({
    onInvitation: (email, link) => invitations.set(email.toLowerCase(), link),
    env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
  });
  const credentials = portal.api.credentials;
  if (!credentials) throw new Error('The test server did not seed its logins');
  ownerApi = await apiSession(
    portal.base,
    portal.config,
    credentials.owner.email,
    credentials.owner.password,
  );
  // As the keyword wizard does: the engine, then its crawler (a new one), which starts the crawl.
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: ENGINE,
    urls: [`${site.base}/`],
  });
  if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
  engineId = created.body.documentId;
  const crawler = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId,
    urls: [`${site.base}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '720h',
    recreate: true,
  });
  if (crawler.status !== 200) throw new Error(`crawler not created: ${JSON.stringify(crawler.body)}`);

  const superAdmin = await apiSession(
    portal.base,
    portal.config,
    credentials.superAdmin.email,
    credentials.superAdmin.password,
  );
  const tenantB = await createTenant(portal.base, portal.config, superAdmin, invitations, {
    name: 'Tenant B',
    ownerEmail: 'owner@tenant-b.test',
  });
  accountB = tenantB.accountId;
  browser = await launchBrowser();
  owner = await browser.context.newPage();
  await signInThroughPortal(owner, portal.base, credentials.owner.email, credentials.owner.password);
  browserB = await launchBrowser();
  ownerB = await browserB.context.newPage();
  await signInThroughPortal(ownerB, portal.base, tenantB.email, tenantB.password);
});

afterAll(async () => {
  site?.release();
  await browser?.close();
  await browserB?.close();
  await portal?.close();
  await new Promise((resolve) => site?.server.close(resolve));
});

describe.runIf(browserTests)('the crawl report in Chromium', () => {
  it("Given a running crawl, when the owner clicks Status on the engine's card, then the report shows it running and fills itself until finalized", async () => {
    await owner.getByRole('article', { name: ENGINE }).getByRole('link', { name: 'Status' }).click();
    await owner.waitForURL(`${portal.base}/keywordcrawlreport/${ownerApi.accountId}/${engineId}`);
    await owner.getByRole('heading', { name: `Crawl Report: ${ENGINE}` }).waitFor();
    await expect.poll(() => owner.title()).toBe(`Crawl Report: ${ENGINE} | Siteseer`);

    // Every URL but /last is fetched while /last is held: the report gets there by itself.
    await owner.getByText(`${KNOWN_URLS - 1} of ${KNOWN_URLS} URLs fetched`).waitFor({ timeout: 30_000 });
    expect(await owner.getByRole('heading', { name: 'Crawl: Crawling' }).isVisible()).toBe(true);
    expect(await owner.getByText(MESSAGES.crawlerFinished).count()).toBe(0);
    expect(await resultsLine(owner).textContent()).toMatch(new RegExp(`^${KNOWN_URLS} results `));
    expect(
      Number(await owner.getByRole('progressbar', { name: 'URLs fetched' }).getAttribute('aria-valuenow')),
    ).toBeLessThan(100);

    site.release();
    await owner.getByText(MESSAGES.crawlerFinished).waitFor({ timeout: 30_000 });
    await owner.getByRole('heading', { name: 'Crawl: Finished' }).waitFor();
    await owner.getByText(`${KNOWN_URLS} of ${KNOWN_URLS} URLs fetched`).waitFor();
    expect(
      await owner.getByRole('list', { name: 'URLs by status' }).getByRole('listitem').allTextContents(),
    ).toEqual([`Success: ${KNOWN_URLS - 2}`, '404: 1', 'Redirected: 1']);
  });

  it('Given the finalized report of 76 URLs, when paged, then 10 show a page with the 7-number window following the page', async () => {
    const first = await rows(owner);
    expect(first).toHaveLength(10);
    expect(first[0]?.slice(0, 2)).toEqual([`${site.base}/`, 'Success']);
    // Success rows show their check times.
    expect(first[0]?.[2]).not.toBe('');
    expect(first[0]?.[3]).not.toBe('');
    expect(await pager(owner).getByRole('button').allTextContents()).toEqual([
      'Previous',
      ...['1', '2', '3', '4', '5', '6', '7'],
      'Next',
    ]);

    await pager(owner).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows(owner).then((r) => r[0]?.[0])).not.toBe(first[0]?.[0]);
    expect(await pager(owner).getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');

    await pager(owner).getByRole('button', { name: '7' }).click();
    await expect
      .poll(() => pager(owner).getByRole('button').allTextContents())
      .toEqual(['Previous', ...['2', '3', '4', '5', '6', '7', '8'], 'Next']);
    await pager(owner).getByRole('button', { name: '8' }).click();
    await expect.poll(() => rows(owner).then((r) => r.length)).toBe(KNOWN_URLS - 70);
    expect(await pager(owner).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('Given the report, when URLs are filtered, then it searches from page 1 past 3 characters and shows the statuses the crawl found', async () => {
    const filter = owner.getByLabel('Filter URLs');
    await filter.fill('page-7');
    await expect.poll(() => resultsLine(owner).textContent()).toMatch(/^4 results /);
    expect((await rows(owner)).map((row) => row[0])).toEqual(
      ['7', '70', '71', '72'].map((n) => `${site.base}/docs/page-${n}`),
    );
    expect(await pager(owner).count()).toBe(0);

    // Under each status, the crawler's reason for it.
    // A broken URL names the page that links to it.
    const missing = [[`${site.base}/missing`, `404HTTP 404Found on ${site.base}/`, '', '']];
    await filter.fill('missing');
    await expect.poll(() => rows(owner)).toEqual(missing);
    await filter.fill('old');
    // Three characters search nothing: the rows stay those of 'missing'.
    await owner.waitForTimeout(500);
    expect(await rows(owner)).toEqual(missing);
    await filter.fill('/old');
    await expect
      .poll(() => rows(owner))
      .toEqual([
        [
          `${site.base}/old`,
          `RedirectedRedirects to ${site.base}/docs/page-1.Found on ${site.base}/`,
          '',
          '',
        ],
      ]);

    await filter.fill('');
    await expect.poll(() => resultsLine(owner).textContent()).toMatch(new RegExp(`^${KNOWN_URLS} results `));
    expect(await pager(owner).getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
  });

  it('Given the crawl report, then axe finds no WCAG 2 A/AA violation in light and dark', async () => {
    await expectAccessible(owner);
  });

  it('Given the finished report, when a status chip is clicked, then only URLs of that status show until it is clicked again', async () => {
    const chip = owner.getByRole('button', { name: '404: 1' });
    await chip.click();
    await expect
      .poll(() => rows(owner).then((r) => r.map((row) => row[0])))
      .toEqual([`${site.base}/missing`]);
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await chip.click();
    await expect.poll(() => resultsLine(owner).textContent()).toMatch(new RegExp(`^${KNOWN_URLS} results `));
  });

  it('Given the finished crawl, when the owner re-crawls, stops and starts it from the report, then each takes effect and the crawl finishes again', async () => {
    site.hold();
    await owner.getByRole('button', { name: 'Re-crawl' }).click();
    const again = owner.getByRole('dialog', { name: 'Re-crawl from the start?' });
    await again.getByRole('button', { name: 'Re-crawl' }).click();
    await owner.getByRole('heading', { name: 'Crawl: Crawling' }).waitFor({ timeout: 30_000 });

    // Stopped at once: /last is held, so the crawl cannot have finished by itself.
    await owner.getByRole('button', { name: 'Stop' }).click();
    await owner
      .getByRole('dialog', { name: 'Stop the crawl?' })
      .getByRole('button', { name: 'Stop Crawl' })
      .click();
    await owner.getByRole('heading', { name: 'Crawl: Stopped' }).waitFor({ timeout: 30_000 });
    await owner.getByText(MESSAGES.crawlerFinished).waitFor();
    await expectAccessible(owner);
    // The question before work is thrown away, in both schemes; cancelled, nothing changes.
    await owner.getByRole('button', { name: 'Re-crawl' }).click();
    await owner.getByRole('dialog', { name: 'Re-crawl from the start?' }).waitFor();
    await expectAccessible(owner);
    await owner.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await owner.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await owner.getByRole('heading', { name: 'Crawl: Stopped' }).isVisible()).toBe(true);

    site.release();
    await owner.getByRole('button', { name: 'Start' }).click();
    await owner.getByRole('heading', { name: 'Crawl: Finished' }).waitFor({ timeout: 60_000 });
    await owner.getByText(`${KNOWN_URLS} of ${KNOWN_URLS} URLs fetched`).waitFor({ timeout: 30_000 });
  });

  it("Given account A's engine, when B's owner opens its report, then the API refuses and the screen shows why, with none of A's URLs", async () => {
    await ownerB.goto(`${portal.base}/keywordcrawlreport/${ownerApi.accountId}/${engineId}`);
    await ownerB.getByRole('alert').filter({ hasText: 'Account not found.' }).waitFor();
    expect(await ownerB.getByRole('heading', { level: 1 }).textContent()).toBe('Crawl Report');
    expect(await ownerB.getByRole('table').count()).toBe(0);
    expect(await ownerB.locator('body').textContent()).not.toContain(site.base);

    await ownerB.goto(`${portal.base}/keywordcrawlreport/${accountB}/${engineId}`);
    await ownerB.getByRole('alert').filter({ hasText: 'Search engine not found.' }).waitFor();
    expect(await ownerB.locator('body').textContent()).not.toContain(site.base);
    await expectAccessible(ownerB);
  });
});
