import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import { type CrawlingPortal, expectAccessible, startCrawlingPortal } from './keyword-site.ts';

// Issue 38, sites behind a login: "Sign-in for this site" in the crawler step of the keyword
// wizard, in Chromium, against a site on 127.0.0.1 that answers only signed-in requests; the
// inspector then fetches it signed in, as the crawl does, and no WCAG A/AA violation in either theme.

const PASSWORD = 'pw-e2e-51c9aa';
const browserTests = chromiumAvailable();

let crawling: CrawlingPortal;
let site: Server;
let origin: string;
let engineId: string;

beforeAll(async () => {
  if (!browserTests) return;
  const basic = `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`;
  site = createServer((req, res) => {
    if (req.url === '/robots.txt')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\n');
    if (req.headers.authorization !== basic) return res.writeHead(401).end('sign in first');
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Staff rota</title><p>Shifts.</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  crawling = await startCrawlingPortal();
  const { ownerApi } = crawling;
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: 'Staff rota',
    urls: [`${origin}/`],
  });
  if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
  engineId = created.body.documentId as string;
  // Its first crawl runs signed out (every URL 401) until the owner sets the sign-in below.
  const crawler = await ownerApi.call('POST', 'datasource/crawler', {
    accountId: ownerApi.accountId,
    engineId,
    urls: [`${origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '720h',
    recreate: true,
  });
  if (crawler.status !== 200) throw new Error(`crawler not created: ${JSON.stringify(crawler.body)}`);
});

afterAll(async () => {
  await crawling?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe.runIf(browserTests)('Sign-in for this site in Chromium', () => {
  it('Given a site behind HTTP Basic, when the owner sets its sign-in in the crawler step, then it shows as set, never the password, and the inspector fetches the site signed in', async () => {
    const { owner, portal, ownerApi } = crawling;
    await owner.goto(`${portal.base}/engine/keyword/${engineId}/edit?step=Crawler`);
    const section = owner.getByRole('region', { name: `Sign-in for this site: ${origin}/` });
    await section.getByText('None: the site is crawled signed out.').waitFor();
    await expectAccessible(owner, 'crawler step, sign-in not set');
    await section.getByRole('button', { name: 'Set sign-in' }).click();
    await section.getByRole('textbox', { name: 'User name' }).fill('alice');
    await section.getByLabel('Password').fill(PASSWORD);
    await expectAccessible(owner, 'crawler step, sign-in form');
    await section.getByRole('button', { name: 'Save sign-in' }).click();
    await section.getByText('Set: HTTP Basic, user alice').waitFor();
    expect(await owner.content()).not.toContain(PASSWORD);
    await expectAccessible(owner, 'crawler step, sign-in set');

    const inspected = await ownerApi.call('POST', 'datasource/crawler/inspect', {
      accountId: ownerApi.accountId,
      engineId,
      url: `${origin}/`,
    });
    expect(inspected.body).toMatchObject({ status: 200, title: 'Staff rota' });
  });
});
