import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAddressPolicy, parseAllowList } from './address-policy.ts';
import { createPageFetcher, type PageFetcher, refusal } from './fetch-page.ts';
import { type FixtureServer, recordConnections, startFixtureServer } from './fixture-server.test-kit.ts';

const userAgent = 'SiteseerBot/1.0 (+http://localhost:8080/bot)';
const fetcherFor = (allow: string): PageFetcher =>
  createPageFetcher(createAddressPolicy(parseAllowList(allow)));

let site: FixtureServer;
let fetchers: PageFetcher[] = [];
let connections: ReturnType<typeof recordConnections>;
const fetcher = (allow: string) => {
  const made = fetcherFor(allow);
  fetchers.push(made);
  return made;
};

beforeAll(async () => {
  site = await startFixtureServer((request, response) => {
    if (request.url === '/to-localhost') {
      response.writeHead(302, { location: `http://localhost:${site.port}/` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>inside</title>');
  });
});
afterAll(() => site.close());
beforeEach(() => {
  connections = recordConnections();
});
afterEach(async () => {
  connections.stop();
  await Promise.all(fetchers.map((made) => made.close()));
  fetchers = [];
});

const loopbackForms = (port: number) => [
  `http://127.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f.1:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
];

describe('the SSRF guard', () => {
  it('refuses every spelling of a loopback address by default, before any connection', async () => {
    const closed = fetcher('');
    for (const url of loopbackForms(site.port)) {
      const outcome = await closed.fetchPage(url, { userAgent });
      expect(outcome).toMatchObject({
        kind: 'fetch-failed',
        reason: refusal('address 127.0.0.1 is in a refused range (loopback)'),
      });
    }
    expect(connections.attempted).toEqual([]);
    expect(site.connections()).toBe(0);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'address 169.254.169.254 is in a refused range (linkLocal)'],
    ['http://[fd00::1]/', 'address fd00::1 is in a refused range (uniqueLocal)'],
    ['http://100.64.0.1/', 'address 100.64.0.1 is in a refused range (carrierGradeNat)'],
  ])('refuses %s by default without trying to connect', async (url, reason) => {
    const outcome = await fetcher('127.0.0.1').fetchPage(url, { userAgent });
    expect(outcome).toMatchObject({ kind: 'fetch-failed', reason: refusal(reason), url });
    expect(connections.attempted).toEqual([]);
  });

  it('refuses a name that resolves to loopback although its address is allowed, with no TCP connection', async () => {
    const outcome = await fetcher('127.0.0.1').fetchPage(`http://localhost:${site.port}/`, { userAgent });
    expect(outcome.kind).toBe('fetch-failed');
    expect(outcome.kind === 'fetch-failed' && outcome.reason).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), in a refused range \(loopback\): private and local addresses are crawled only when the server allows them \(SITESEER_CRAWL_ALLOW_PRIVATE\)$/,
    );
    expect(connections.connected).toEqual([]);
    expect(site.connections()).toBe(0);
  });

  it('checks a redirect hop again: an allowed server cannot redirect to localhost', async () => {
    const before = site.connections();
    const outcome = await fetcher('127.0.0.1').fetchPage(`${site.origin}/to-localhost`, { userAgent });
    expect(outcome).toMatchObject({
      kind: 'fetch-failed',
      url: `http://localhost:${site.port}/`,
      redirects: [
        { url: `${site.origin}/to-localhost`, status: 302, location: `http://localhost:${site.port}/` },
      ],
    });
    expect(connections.connected).toEqual(['127.0.0.1']);
    expect(site.connections() - before).toBe(1);
  });

  it('fetches every spelling of 127.0.0.1 when the allow list names the address', async () => {
    const open = fetcher('127.0.0.1');
    for (const url of loopbackForms(site.port)) {
      expect(await open.fetchPage(url, { userAgent })).toMatchObject({ kind: 'page', status: 200 });
    }
  });

  it('fetches by name, and follows the redirect to localhost, when the allow list names the host', async () => {
    const open = fetcher('127.0.0.1, localhost');
    expect(await open.fetchPage(`http://localhost:${site.port}/`, { userAgent })).toMatchObject({
      kind: 'page',
    });
    expect(await open.fetchPage(`${site.origin}/to-localhost`, { userAgent })).toMatchObject({
      kind: 'page',
      url: `http://localhost:${site.port}/`,
    });
  });

  it('allows a CIDR of the allow list', async () => {
    expect(await fetcher('127.0.0.0/8').fetchPage(`http://127.1:${site.port}/`, { userAgent })).toMatchObject(
      {
        kind: 'page',
      },
    );
  });
});
