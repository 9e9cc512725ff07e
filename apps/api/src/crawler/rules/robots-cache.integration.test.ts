import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite, testFetch } from './fixture-site.test-kit.ts';
import { ROBOTS_CACHE_MS, ROBOTS_MAX_BYTES, ROBOTS_RETRY_MS, RobotsCache } from './robots-cache.ts';

const fetch = testFetch();
let site: FixtureSite | undefined;

afterEach(async () => {
  await site?.close();
  site = undefined;
});
afterAll(() => fetch.close());

/** A clock that moves only when the test says. */
function testClock() {
  const clock = { at: Date.parse('2026-01-01T00:00:00Z'), now: () => new Date(clock.at) };
  return clock;
}

async function serve(routes: Parameters<typeof startFixtureSite>[0]): Promise<FixtureSite> {
  site = await startFixtureSite(routes);
  return site;
}

describe('RobotsCache: what the answer to /robots.txt means', () => {
  it('applies the rules of a 200 answer, with its Crawl-delay and sitemaps', async () => {
    const { origin } = await serve({
      '/robots.txt': answer(
        200,
        'User-agent: *\nDisallow: /private/\nCrawl-delay: 2\nSitemap: /sitemap-pages.xml\n',
        { 'content-type': 'text/plain' },
      ),
    });
    const file = await new RobotsCache({ fetch }).get(`${origin}/any`);
    expect(file.state).toBe('parsed');
    expect(file.isAllowed(`${origin}/public/page`)).toBe(true);
    expect(file.isAllowed(`${origin}/private/page`)).toBe(false);
    expect(file.crawlDelayMs).toBe(2000);
    expect(file.sitemaps).toEqual([`${origin}/sitemap-pages.xml`]);
  });

  it('allows everything when robots.txt answers 4xx (404, 403, 410)', async () => {
    for (const status of [404, 403, 410]) {
      const { origin } = await serve({ '/robots.txt': answer(status, 'User-agent: *\nDisallow: /\n') });
      const file = await new RobotsCache({ fetch }).get(origin);
      expect(file.state, String(status)).toBe('absent');
      expect(file.reason).toBe(`robots.txt answered HTTP ${status}`);
      expect(file.isAllowed(`${origin}/page`)).toBe(true);
      await site?.close();
      site = undefined;
    }
  });

  it('disallows everything when robots.txt answers 5xx or 429', async () => {
    for (const status of [500, 503, 429]) {
      const { origin } = await serve({ '/robots.txt': answer(status, 'User-agent: *\nAllow: /\n') });
      const file = await new RobotsCache({ fetch }).get(origin);
      expect(file.state, String(status)).toBe('unreachable');
      expect(file.reason).toBe(`robots.txt answered HTTP ${status}`);
      expect(file.isAllowed(`${origin}/page`)).toBe(false);
      await site?.close();
      site = undefined;
    }
  });

  it('disallows everything when the server cannot be reached, saying why', async () => {
    const closed = await serve({});
    const origin = closed.origin;
    await closed.close();
    site = undefined;
    const file = await new RobotsCache({ fetch }).get(origin);
    expect(file.state).toBe('unreachable');
    expect(file.reason).toMatch(/^robots\.txt unreachable: .*ECONNREFUSED/);
    expect(await new RobotsCache({ fetch }).isAllowed(`${origin}/page`)).toBe(false);
  });

  it('reads the rules where robots.txt redirects to', async () => {
    const { origin } = await serve({
      '/robots.txt': answer(301, '', { location: '/hop' }),
      '/hop': answer(302, '', { location: '/real-robots.txt' }),
      '/real-robots.txt': answer(200, 'User-agent: SiteseerBot\nDisallow: /no/\n'),
    });
    const file = await new RobotsCache({ fetch }).get(origin);
    expect(file.isAllowed(`${origin}/no/x`)).toBe(false);
    expect(file.isAllowed(`${origin}/yes`)).toBe(true);
  });

  it('allows everything when redirects go on past 5 hops', async () => {
    const hops = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        i === 0 ? '/robots.txt' : `/r${i}`,
        answer(302, '', { location: `/r${i + 1}` }),
      ]),
    );
    const { origin } = await serve(hops);
    const file = await new RobotsCache({ fetch }).get(origin);
    expect(file.state).toBe('absent');
    expect(file.reason).toBe('robots.txt answered HTTP 302');
  });

  it('skips a UTF-8 byte order mark before the first line', async () => {
    const { origin } = await serve({ '/robots.txt': answer(200, '\uFEFFUser-agent: *\nDisallow: /\n') });
    expect((await new RobotsCache({ fetch }).get(origin)).isAllowed(`${origin}/x`)).toBe(false);
  });
});

describe('RobotsCache: the 500 KiB cap', () => {
  it('reads the first 500 KiB only and drops the line the cap cuts', async () => {
    const head = 'User-agent: *\nDisallow: /early/\n';
    const padding = `# ${'x'.repeat(ROBOTS_MAX_BYTES - head.length - 20)}\n`;
    // 'Disallow: /private-area' straddles the cap: kept, the cut '/privat' would disallow more than the file says.
    const body = `${head}${padding}Disallow: /private-area\nDisallow: /late/\n`;
    expect(body.length).toBeGreaterThan(ROBOTS_MAX_BYTES);
    const { origin } = await serve({ '/robots.txt': answer(200, body) });
    const file = await new RobotsCache({ fetch }).get(origin);
    expect(file.isAllowed(`${origin}/early/x`)).toBe(false);
    expect(file.isAllowed(`${origin}/late/x`)).toBe(true);
    expect(file.isAllowed(`${origin}/private-area`)).toBe(true);
    expect(file.isAllowed(`${origin}/pri`)).toBe(true);
  });
});

describe('RobotsCache: caching', () => {
  it('fetches once per origin, also for concurrent askers, and again after 24 hours', async () => {
    const s = await serve({ '/robots.txt': answer(200, 'User-agent: *\nDisallow: /x/\n') });
    const clock = testClock();
    const cache = new RobotsCache({ fetch, clock });
    await Promise.all([
      cache.get(`${s.origin}/a`),
      cache.get(`${s.origin}/b`),
      cache.isAllowed(`${s.origin}/c`),
    ]);
    clock.at += ROBOTS_CACHE_MS - 1;
    await cache.get(s.origin);
    expect(s.requests).toEqual(['/robots.txt']);
    clock.at += 1;
    await cache.get(s.origin);
    expect(s.requests).toEqual(['/robots.txt', '/robots.txt']);
  });

  it('asks an unreachable robots.txt again after 5 minutes, not a day', async () => {
    let status = 503;
    const s = await serve({
      '/robots.txt': (_req, res) => {
        res.writeHead(status).end('User-agent: *\nDisallow: /x/\n');
      },
    });
    const clock = testClock();
    const cache = new RobotsCache({ fetch, clock });
    expect(await cache.isAllowed(`${s.origin}/page`)).toBe(false);
    status = 200;
    clock.at += ROBOTS_RETRY_MS - 1;
    expect(await cache.isAllowed(`${s.origin}/page`)).toBe(false);
    clock.at += 1;
    expect(await cache.isAllowed(`${s.origin}/page`)).toBe(true);
    expect(s.requests).toHaveLength(2);
  });
});
