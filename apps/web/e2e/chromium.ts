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
  // Measure settled colours: wait for the scheme switch and any running transition (dialogs fade
  // in, a toast grows in). Until a frame passes with none running: a toast raised by the action
  // just before may start its transition only after the first look, and axe would then measure
  // its half-faded colours.
  await page.waitForTimeout(50);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 5; round++) {
      await frame();
      const running = document.getAnimations();
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (options.frames === false) builder.exclude('iframe');
  const results = await builder.analyze();
  await page.bringToFront();
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}
