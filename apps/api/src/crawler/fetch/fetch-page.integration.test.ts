import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy, parseAllowList } from './address-policy.ts';
import { readAtMost } from './fetch-bytes.ts';
import { createPageFetcher, networkReason } from './fetch-page.ts';
import { type FixtureServer, startFixtureServer, startStalledListener } from './fixture-server.test-kit.ts';
import { crawlStatusOf } from './outcome.test-kit.ts';

const userAgent = 'SiteseerBot/1.0 (+http://localhost:8080/bot)';
const fetcher = createPageFetcher(createAddressPolicy(parseAllowList('127.0.0.1')));
const html = '<html><head><title>Café</title></head><body>Bonjour</body></html>';
const seen: { userAgent?: string; ifNoneMatch?: string; ifModifiedSince?: string } = {};

type Route = (request: IncomingMessage, response: ServerResponse) => void;
const routes: Record<string, Route> = {
  '/page': (request, response) => {
    seen.userAgent = request.headers['user-agent'];
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=iso-8859-1',
        etag: '"v1"',
        'last-modified': 'Thu, 01 Jan 2026 00:00:00 GMT',
        'x-robots-tag': 'noindex',
      })
      .end(Buffer.from(html, 'latin1'));
  },
  '/meta-charset': (_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(Buffer.from('<meta charset="windows-1252"><p>Caf\xe9</p>', 'latin1'));
  },
  '/data.pdf': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from([0x25, 0x50, 0x44, 0x46]));
  },
  '/conditional': (request, response) => {
    seen.ifNoneMatch = request.headers['if-none-match'];
    seen.ifModifiedSince = request.headers['if-modified-since'];
    if (request.headers['if-none-match'] === '"v1"') response.writeHead(304, { etag: '"v1"' }).end();
    else response.writeHead(200, { 'content-type': 'text/html', etag: '"v1"' }).end(html);
  },
  '/gone': (_request, response) => response.writeHead(410).end(),
  '/broken': (_request, response) => response.writeHead(500).end('oops'),
  '/busy': (_request, response) => response.writeHead(429, { 'retry-after': '120' }).end(),
  '/down': (_request, response) => {
    const at = new Date(Date.now() + 60_000).toUTCString();
    response.writeHead(503, { 'retry-after': at }).end();
  },
  '/r1': (_request, response) => response.writeHead(301, { location: '/r2#part' }).end(),
  '/r2': (_request, response) => response.writeHead(307, { location: `${site.origin}/page` }).end(),
  '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
  '/to-ftp': (_request, response) => response.writeHead(302, { location: 'ftp://127.0.0.1/file' }).end(),
  '/large': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(Buffer.alloc(5 * 1024 * 1024 + 1, 0x61));
  },
  '/bomb': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    response.end(gzipSync(Buffer.alloc(64 * 1024 * 1024)));
  },
  '/silent': () => {},
  '/trickle': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<p>');
  },
};

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});

const fetchPath = (path: string, options: Partial<Parameters<typeof fetcher.fetchPage>[1]> = {}) =>
  fetcher.fetchPage(`${site.origin}${path}`, { userAgent, ...options });

describe('fetchPage', () => {
  it('returns an HTML page as text in its charset, with its headers, our User-Agent and timings', async () => {
    const outcome = await fetchPath('/page');
    expect(outcome).toMatchObject({
      kind: 'page',
      url: `${site.origin}/page`,
      status: 200,
      contentType: 'text/html; charset=iso-8859-1',
      etag: '"v1"',
      lastModified: 'Thu, 01 Jan 2026 00:00:00 GMT',
      robotsTag: 'noindex',
      redirects: [],
      body: { kind: 'html', text: html },
    });
    expect(crawlStatusOf(outcome)).toBe(CRAWL_STATUS.SUCCESS);
    expect(seen.userAgent).toBe(userAgent);
    expect(outcome.timings.firstByteMs).toBeGreaterThan(0);
    expect(outcome.timings.totalMs).toBeGreaterThanOrEqual(outcome.timings.firstByteMs ?? 0);
  });

  it('reads the charset of a <meta> when the header names none', async () => {
    expect(await fetchPath('/meta-charset')).toMatchObject({
      body: { kind: 'html', text: expect.stringContaining('Café') },
    });
  });

  it('returns other content types as bytes', async () => {
    const outcome = await fetchPath('/data.pdf');
    expect(outcome.kind === 'page' && outcome.body).toEqual({ kind: 'bytes', bytes: Buffer.from('%PDF') });
  });

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
    ['deflate', deflateSync],
  ])('decodes a %s body', async (encoding, compress) => {
    routes[`/${encoding}`] = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding });
      response.end(compress(Buffer.from(html)));
    };
    expect(await fetchPath(`/${encoding}`)).toMatchObject({
      kind: 'page',
      body: { kind: 'html', text: html },
    });
  });

  it('sends the validators it is given and reports 304 as not modified', async () => {
    const outcome = await fetchPath('/conditional', {
      ifNoneMatch: '"v1"',
      ifModifiedSince: 'Thu, 01 Jan 2026 00:00:00 GMT',
    });
    expect(outcome).toMatchObject({ kind: 'not-modified', status: 304, etag: '"v1"' });
    expect(seen).toMatchObject({ ifNoneMatch: '"v1"', ifModifiedSince: 'Thu, 01 Jan 2026 00:00:00 GMT' });
    expect(crawlStatusOf(outcome)).toBe(CRAWL_STATUS.SUCCESS);
  });

  it('reports 404 and 410 as not found, other errors as failed', async () => {
    for (const path of ['/missing', '/gone']) {
      const outcome = await fetchPath(path);
      expect(outcome.kind).toBe('not-found');
      expect(crawlStatusOf(outcome)).toBe(CRAWL_STATUS.NOT_FOUND);
    }
    const broken = await fetchPath('/broken');
    expect(broken).toMatchObject({ kind: 'http-error', status: 500, retryAfterSeconds: null });
    expect(crawlStatusOf(broken)).toBe(CRAWL_STATUS.FAILED);
  });

  it('reads Retry-After on 429 (seconds) and 503 (an HTTP date)', async () => {
    expect(await fetchPath('/busy')).toMatchObject({
      kind: 'http-error',
      status: 429,
      retryAfterSeconds: 120,
    });
    const down = await fetchPath('/down');
    expect(down.kind === 'http-error' && down.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(down.kind === 'http-error' && down.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('follows redirects by hand and reports the chain', async () => {
    const outcome = await fetchPath('/r1');
    expect(outcome).toMatchObject({
      kind: 'page',
      url: `${site.origin}/page`,
      redirects: [
        { url: `${site.origin}/r1`, status: 301, location: `${site.origin}/r2` },
        { url: `${site.origin}/r2`, status: 307, location: `${site.origin}/page` },
      ],
    });
  });

  it('gives up after 5 redirects, and refuses a redirect to another scheme', async () => {
    const loop = await fetchPath('/loop');
    expect(loop).toMatchObject({ kind: 'fetch-failed', reason: 'more than 5 redirects' });
    expect(loop.redirects).toHaveLength(5);
    expect(crawlStatusOf(loop)).toBe(CRAWL_STATUS.FETCH_FAILED);
    expect(await fetchPath('/to-ftp')).toMatchObject({
      kind: 'fetch-failed',
      reason: 'the scheme ftp: is not crawled (http and https only)',
    });
  });

  it('refuses a body larger than 5 MB, compressed or not', async () => {
    const reason = 'the body is larger than 5 MB';
    expect(await fetchPath('/large')).toMatchObject({ kind: 'fetch-failed', reason });
    expect(await fetchPath('/bomb')).toMatchObject({ kind: 'fetch-failed', reason });
  });

  it('times out a server that does not answer, or answers too slowly', async () => {
    for (const path of ['/silent', '/trickle']) {
      const outcome = await fetchPath(path, { totalTimeoutMs: 300 });
      expect(outcome).toMatchObject({ kind: 'timeout', reason: 'no complete answer within 300 ms' });
      expect(crawlStatusOf(outcome)).toBe(CRAWL_STATUS.TIMEOUT);
    }
  });

  it('times out a connection the server never accepts', async () => {
    const stalled = await startStalledListener();
    try {
      const outcome = await fetcher.fetchPage(`http://127.0.0.1:${stalled.port}/`, {
        userAgent,
        connectTimeoutMs: 300,
      });
      expect(outcome).toMatchObject({ kind: 'timeout', reason: 'no connection within 300 ms' });
    } finally {
      stalled.close();
    }
  });

  it('reports a refused connection with its code', async () => {
    const closed = await startFixtureServer(() => {});
    const url = `${closed.origin}/`;
    await closed.close();
    const outcome = await fetcher.fetchPage(url, { userAgent });
    expect(outcome).toMatchObject({
      kind: 'fetch-failed',
      reason: 'The site refused the connection: nothing answers on that port (ECONNREFUSED)',
    });
  });

  it('given https:// for a site that speaks plain HTTP, then the reason says so in plain words', async () => {
    const outcome = await fetcher.fetchPage(`${site.origin.replace('http:', 'https:')}/`, { userAgent });
    expect(outcome).toMatchObject({
      kind: 'fetch-failed',
      reason:
        'The site does not speak HTTPS on that port: if it has no HTTPS, give its address with http:// ' +
        '(ERR_SSL_WRONG_VERSION_NUMBER)',
    });
  });

  it('rejects when the caller aborts (the crawl stopped), instead of reporting a timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('crawl stopped')), 50);
    await expect(fetchPath('/silent', { signal: controller.signal })).rejects.toThrow('crawl stopped');
  });
});

describe('fetchBytes (robots.txt and sitemaps)', () => {
  const bytesOf = (path: string) => fetcher.fetchBytes(new URL(path, site.origin), { userAgent });

  it('follows redirects and streams the body with its Content-Encoding undone', async () => {
    const redirected = await bytesOf('/r1');
    expect(redirected.status).toBe(200);
    expect(Buffer.from((await readAtMost(redirected.body, 1000)).bytes).toString('latin1')).toBe(html);
    const bomb = await bytesOf('/bomb');
    // The reader's cap stops the download: 64 MB of zeros are never inflated in full.
    expect(await readAtMost(bomb.body, 10)).toEqual({ bytes: Buffer.alloc(10), truncated: true });
  });

  it('answers error statuses and throws with the reason when no answer came', async () => {
    expect((await bytesOf('/broken')).status).toBe(500);
    await expect(bytesOf('/loop')).rejects.toThrow('more than 5 redirects');
    const closed = createPageFetcher(createAddressPolicy([]));
    await expect(closed.fetchBytes(new URL('/page', site.origin), { userAgent })).rejects.toThrow(/loopback/);
    await closed.close();
  });
});

describe('networkReason', () => {
  it.each([
    ['ENOTFOUND', "The site's host name could not be found (ENOTFOUND)"],
    ['ECONNRESET', 'The site closed the connection before its answer was complete (ECONNRESET)'],
    [
      'CERT_HAS_EXPIRED',
      "The site's HTTPS certificate is not valid (expired, self-signed or for another name) (CERT_HAS_EXPIRED)",
    ],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', expect.stringContaining('certificate is not valid')],
    ['ERR_TLS_CERT_ALTNAME_INVALID', expect.stringContaining('certificate is not valid')],
    [
      'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
      'The secure connection (HTTPS) to the site failed (ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE)',
    ],
    ['EWHATEVER', 'The connection to the site failed (EWHATEVER)'],
  ])('given %s, then a plain reason with the code', (code, reason) => {
    expect(networkReason(code)).toEqual(reason);
  });
});
