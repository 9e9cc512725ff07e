import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/**
 * Debian's Chromium driven by playwright-core; never a downloaded browser. Flags keep it off the
 * network this machine does not have; playwright gives every launch a fresh, empty profile.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
