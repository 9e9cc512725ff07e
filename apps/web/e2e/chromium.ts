import { AxeBuilder } from '@axe-core/playwright';
import { launchPersistentChromium, type PersistentBrowser } from '@siteseer/test-support/chromium';
import type { Page } from 'playwright-core';

export { chromiumAvailable } from '@siteseer/test-support/chromium';

export type Browser = PersistentBrowser;

/** A fresh Chromium with its own user data dir (no state shared between runs or users). */
export function launchBrowser(): Promise<Browser> {
  return launchPersistentChromium({ viewport: { width: 1280, height: 900 } });
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

/** A fresh Chromium with one page, signed in to the portal at `base` as `login`. */
export async function browserSignedIn(
  base: string,
  login: { email: string; password: string },
): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  await signInThroughPortal(page, base, login.email, login.password);
  return { browser, page };
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

/**
 * The WCAG 2 A and AA violations on the page, in the given colour scheme. The page is brought to
 * the front first and again after: axe finishes its run in a blank page of its own, and Chromium's
 * headless mode (Debian's 156 on) then leaves ours in the background, where it draws no frames and
 * the locators' waits (and axe's in frames) never end.
 */
export async function accessibilityViolations(
  page: Page,
  scheme: 'light' | 'dark',
  options: { frames?: boolean } = {},
) {
  await page.bringToFront();
  await page.emulateMedia({ colorScheme: scheme });
  // Measure settled colours: transitions are switched off while axe looks, so a dialog fading in or
  // a toast that starts to fade out half-way through the run (its auto-hide timer runs on) is seen
  // at its end state, never at half opacity. Running ones jump to their end when switched off.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'siteseer-axe-still';
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (options.frames === false) builder.exclude('iframe');
  const results = await builder.analyze();
  await page.bringToFront();
  await page.evaluate(() => document.getElementById('siteseer-axe-still')?.remove());
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}
