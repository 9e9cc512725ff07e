import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium (apt package `chromium`), never a browser downloaded by Playwright. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and kept off the network this machine does not have (no update, sync or QUIC probes). */
const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether the browser tests can run. CI installs Debian's Chromium and must run them, so there a
 * missing browser is an error; elsewhere (a fresh machine with only Node) they are skipped.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI)
    throw new Error(`Chromium is not installed at ${CHROMIUM}: .ci/run installs it with apt.`);
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium).`);
  return false;
}

/** A Chromium whose contexts each start with a fresh, empty profile (playwright's default). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
}

export interface PersistentBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A Chromium with a user data directory of its own, removed on close: for suites that need what only
 * a persistent profile keeps (storage across tabs and reloads), never shared between runs or users.
 */
export async function launchPersistentChromium(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<PersistentBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'siteseer-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
