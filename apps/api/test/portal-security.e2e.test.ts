import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './chromium.ts';
import {
  ingestEngine,
  portalClient,
  requireBuiltPortalAndWidget,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';
import { portalSignIn } from './portal-sign-in.ts';

// As `pnpm start` runs: listening on 127.0.0.1, with the public URL http://localhost:<port>.
const ENGINE = 'Policy catalogue';
const DATA = products(30);
let server: TestServer;
let publicUrl: string;
let loopbackUrl: string;
let browser: Browser;

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  requireBuiltPortalAndWidget();
  server = await startTestServer({ publicUrl: (port) => `http://localhost:${port}` });
  publicUrl = server.config.publicUrl;
  loopbackUrl = server.base;
  const owner = server.credentials?.owner;
  const tokens = await portalSignIn(
    await portalClient(server),
    publicUrl,
    owner?.email ?? '',
    owner?.password ?? '',
  );
  await ingestEngine(server, tokens.access_token, ENGINE, toCsv(DATA));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Every Content-Security-Policy violation in the context's pages, from the page's own
 * `securitypolicyviolation` events and from the console (which also reports refused evals).
 */
async function recordViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  // Run in the page (this project's types have no DOM): the script is given as text.
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportViolation(event.effectiveDirective + ' refused ' + event.blockedURI + ' (' + event.sample + ')'));`,
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
  context.on('page', watch);
  return violations;
}

/** Fills and submits the provider's sign-in page, once the portal has sent the browser there. */
async function submitLogin(page: Page): Promise<void> {
  const owner = server.credentials?.owner;
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel('Email').fill(owner?.email ?? '');
  await page.getByLabel('Password').fill(owner?.password ?? '');
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

describe.runIf(browserTests)(
  'the portal opened on http://127.0.0.1 when its public URL is http://localhost',
  () => {
    it('given a visitor who opens the loopback address, when they sign in, then they reach their dashboard on the public URL', async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const navigations: string[] = [];
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) navigations.push(frame.url());
        });
        await page.goto(`${loopbackUrl}/?from=loopback`);
        expect(navigations[0]).toBe(`${publicUrl}/?from=loopback`);
        await submitLogin(page);
        const lost = page.getByText('No sign-in is in progress in this tab.');
        await page.getByRole('heading', { name: 'Your Search Engines' }).or(lost).waitFor();
        await expect(lost.count()).resolves.toBe(0);
        expect(new URL(page.url()).origin).toBe(publicUrl);
        await page.getByRole('article', { name: ENGINE }).waitFor();
      } finally {
        await context.close();
      }
    });
  },
);

describe.runIf(browserTests)(
  'the portal, its sign-in pages and the preview under their Content-Security-Policy',
  () => {
    it('given a sign-in, a sorted preview and a logout, then every page works and Chromium reports no violation', async () => {
      const context = await browser.newContext();
      const violations = await recordViolations(context);
      try {
        const page = await context.newPage();
        await page.goto(`${publicUrl}/`);
        await submitLogin(page);
        await page.getByRole('heading', { name: 'Your Search Engines' }).waitFor();

        const card = page.getByRole('article', { name: ENGINE });
        const opened = context.waitForEvent('page');
        await card.getByRole('link', { name: 'Preview' }).click();
        const preview = await opened;
        const table = preview.getByRole('table', { name: 'Search results' });
        await table.waitFor();
        // A <style> the policy refuses has no sheet: the widget's carries the page's nonce.
        await expect
          .poll(() =>
            preview
              .locator('style[data-siteseer-styles]')
              .evaluate((style) => (style as unknown as { sheet: object | null }).sheet !== null),
          )
          .toBe(true);
        await preview.getByRole('button', { name: 'Price', exact: true }).click();
        const byPrice = [...DATA].sort((a, b) => a.price - b.price || DATA.indexOf(a) - DATA.indexOf(b));
        await expect
          .poll(() => table.locator('tbody tr td:first-child').allTextContents(), { timeout: 10_000 })
          .toEqual(byPrice.slice(0, 20).map((p) => p.sku));
        await preview.close();

        await page.goto(`${publicUrl}/auth/forgot-password`);
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
        expect(await page.evaluate('getComputedStyle(document.querySelector("main")).maxWidth')).toBe(
          '384px',
        );

        await page.goto(`${publicUrl}/logout`);
        await page.waitForURL(`${publicUrl}/login**`);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
);
