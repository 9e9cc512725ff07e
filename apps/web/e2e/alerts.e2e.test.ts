import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import {
  type CrawlingPortal,
  expectAccessible,
  type Site,
  serveSite,
  startCrawlingPortal,
} from './keyword-site.ts';

// Issue 38's alerts in Chromium: from the crawl report to the engine's Alerts screen, a webhook on
// 127.0.0.1 saved (its secret shown once), a test alert sent and delivered, read in the delivery
// table as a person and a screen reader would; no WCAG A/AA violation in either theme.

const ENGINE = 'Alerted Docs';
const browserTests = chromiumAvailable();

let crawling: CrawlingPortal;
let site: Site;
let reportPath: string;
const received: string[] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(String(req.headers['siteseer-event']));
    res.writeHead(204).end();
  });
});
let receiverUrl: string;

beforeAll(async () => {
  if (!browserTests) return;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/siteseer`;
  site = await serveSite('Workshop', {
    '/guide': { title: 'Soldering guide', body: 'Heat the joint with the iron, then feed the solder wire.' },
  });
  crawling = await startCrawlingPortal();
  const { ownerApi } = crawling;
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: ENGINE,
    urls: [`${site.origin}/`],
  });
  if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
  reportPath = `/keywordcrawlreport/${ownerApi.accountId}/${created.body.documentId}`;
});

afterAll(async () => {
  await crawling?.close();
  await site?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe.runIf(browserTests)('engine alerts in Chromium', () => {
  it('Given the crawl report, when the owner opens Alerts and saves a webhook, then its secret shows once and a test alert is delivered', async () => {
    const { owner, portal } = crawling;
    await owner.goto(`${portal.base}${reportPath}`);
    await owner.getByRole('link', { name: 'Alerts' }).click();
    await owner.getByRole('heading', { name: `Alerts: ${ENGINE}` }).waitFor();
    await owner.getByText('No alert has been sent yet.').waitFor();
    await expectAccessible(owner, 'the Alerts screen before anything is saved');

    await owner.getByRole('textbox', { name: 'Webhook URL' }).fill(receiverUrl);
    await owner.getByRole('button', { name: 'Save Alerts' }).click();
    const secret = owner.getByRole('textbox', { name: 'Webhook secret' });
    await secret.waitFor();
    expect(await secret.inputValue()).toMatch(/^whsec_/);

    await owner.getByRole('button', { name: 'Send Test Alert' }).click();
    const table = owner.getByRole('table', { name: /latest 1 deliveries/ });
    await table.getByRole('row', { name: /Delivered/ }).waitFor({ timeout: 15_000 });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Time',
      'Event',
      'Sent to',
      'State',
      'Attempts',
      'Answer',
    ]);
    expect(received).toEqual(['alert.test']);
    await expectAccessible(owner, 'the Alerts screen with a secret shown and a delivery');

    await owner.reload();
    await owner.getByRole('heading', { name: `Alerts: ${ENGINE}` }).waitFor();
    await owner.getByRole('button', { name: 'Replace Webhook Secret' }).waitFor();
    expect(await owner.getByRole('textbox', { name: 'Webhook secret' }).count()).toBe(0);
  });
});
