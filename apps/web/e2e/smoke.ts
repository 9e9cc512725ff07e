// Manual smoke run (not a test): node e2e/smoke.ts
import { launchBrowser, signInThroughPortal } from './chromium.ts';
import { startPortal } from './portal-server.ts';

const portal = await startPortal();
console.log('portal at', portal.base, portal.api.credentials);
const browser = await launchBrowser();
const page = await browser.context.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
try {
  const owner = portal.api.credentials?.owner;
  if (!owner) throw new Error('no creds');
  await signInThroughPortal(page, portal.base, owner.email, owner.password);
  await page.screenshot({ path: '/tmp/dash.png', fullPage: true });
  console.log('title', await page.title());
} catch (e) {
  console.log('FAILED', e);
  await page.screenshot({ path: '/tmp/fail.png', fullPage: true });
  console.log(page.url());
} finally {
  await browser.close();
  await portal.close();
}
