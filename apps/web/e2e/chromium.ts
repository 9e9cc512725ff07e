import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (apt package `chromium`), never a browser downloaded by Playwright. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium with its own user data dir (no state shared between runs or users). */
export async function launchBrowser(): Promise<Browser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'siteseer-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the portal: /login → the provider's sign-in page → back to the portal. */
export async function signInThroughPortal(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${base}/`);
  await submitProviderLogin(page, email, password);
  await page.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
}

/** Fills and submits the identity provider's sign-in page, once the portal has sent the browser there. */
export async function submitProviderLogin(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Every URL the page's main frame shows from now on, history API changes included (a live list). */
export function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** The WCAG 2 A and AA violations on the page, in the given colour scheme. */
export async function accessibilityViolations(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  // Measure settled colours: wait for the scheme switch and any running transition (dialogs fade in).
  await page.waitForTimeout(50);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}
