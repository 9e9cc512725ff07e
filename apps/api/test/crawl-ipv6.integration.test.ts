import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, detailOf, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// A site written with an IPv6 address (was: 'Enter a valid URL.'): accepted as a site URL and
// crawled under the same address policy as IPv4, so a loopback ::1 is fetched only because the
// allow list names it, and an IPv4-mapped loopback address it does not name is still refused.

/** A site on [::1] (port 0) whose home page links to one other page. */
async function ipv6Site(): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    const page = (title: string, body: string) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>${title}</title><main>${body}</main>`);
    if (req.url === '/') page('IPv6 home', '<a href="/about">About</a> Served over IPv6.');
    else if (req.url === '/about') page('About the IPv6 site', 'Loopback words.');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '::1', resolve);
  });
  return { server, origin: `http://[::1]:${(server.address() as AddressInfo).port}`, requests };
}

/** Whether this machine has an IPv6 loopback to listen on (some containers have none). */
async function hasIpv6Loopback(): Promise<boolean> {
  try {
    const { server } = await ipv6Site();
    server.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') return false;
    throw error;
  }
}

let t: Tenants;
let site: Awaited<ReturnType<typeof ipv6Site>>;

describe.skipIf(!(await hasIpv6Loopback()))('a site on an IPv6 address', () => {
  beforeAll(async () => {
    site = await ipv6Site();
    t = await startWithTenants({
      env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '::1' },
      crawlTiming: { recrawlCheckMs: 100, pageTimeoutMs: 2000 },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    site?.server.close();
  });

  it('Given [::1] allowed, when crawled, then its pages are fetched; an IPv4-mapped loopback is refused', async () => {
    // The mapped address as someone might type it: upper case, the IPv4 form.
    const port = new URL(site.origin).port;
    const mapped = `[::FFFF:127.0.0.1]:${port}/`;
    const engine = (
      await createEngine(
        t.server,
        t.ownerA,
        keywordDraft(t.accountA, 'IPv6 site', { urls: [`${site.origin}/`] }),
      )
    ).documentId;
    const created = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: [`${site.origin}/`, `http://${mapped}`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      recreate: true,
    });
    expect([created.status, created.body.queued]).toEqual([200, 2]);

    const report = await untilEnded(t, engine);
    const byUrl = Object.fromEntries(
      report.hits.hits.map((hit: { url: string; status: number; reason?: string }) => [
        hit.url,
        { status: hit.status, reason: hit.reason },
      ]),
    );
    expect(byUrl).toEqual({
      [`${site.origin}/`]: { status: CRAWL_STATUS.SUCCESS, reason: undefined },
      [`${site.origin}/about`]: { status: CRAWL_STATUS.SUCCESS, reason: undefined },
      [`http://[::ffff:7f00:1]:${port}/`]: {
        status: CRAWL_STATUS.FETCH_FAILED,
        // Its robots.txt is the first thing asked for, and refused before any connection.
        reason: expect.stringContaining('address 127.0.0.1 is in a refused range (loopback)'),
      },
    });
    expect(site.requests.filter((path) => path === '/' || path === '/about').sort()).toEqual(['/', '/about']);
  });

  it('Given an IPv6 address that is not one, then the site is refused as before', async () => {
    const refused = await api(
      t.server,
      t.ownerA.token,
      'POST',
      'searchengines',
      keywordDraft(t.accountA, 'Not IPv6', { urls: ['http://[1::2::3]/'] }),
    );
    expect([refused.status, detailOf(refused)]).toEqual([400, 'Enter a valid URL.']);
  });
});

async function untilEnded(tenants: Tenants, engineId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await api(tenants.server, tenants.ownerA.token, 'POST', 'datasource/crawler/report', {
      accountId: tenants.accountA,
      engineId,
      resultSize: 100,
    });
    if (answer.body.state !== 'crawling') return answer.body;
    if (Date.now() > deadline)
      throw new Error(`The crawl did not end: ${JSON.stringify(answer.body.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
