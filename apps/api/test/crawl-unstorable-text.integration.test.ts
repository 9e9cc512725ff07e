import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Route } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { CRAWLING, type CrawledEngine, crawledEngine, htmlPage, pathsOf, search } from './keyword-fixture.ts';

// Regression of issue 34 item 1: a page whose text PostgreSQL cannot store (a NUL made the batch
// write of 64 URLs fail, again after every restart) stopped its crawl forever, never published.
// Pages that put such text, bytes that are not UTF-8, halves of surrogate pairs, control
// characters and very long tokens in each field they have are crawled here on the test store
// (PGlite, or PostgreSQL with DATABASE_URL): the crawl ends and publishes, and the pages are found.

let t: Tenants;
const engines: CrawledEngine[] = [];

/** Pages with nothing odd, each found by its own word. */
const CLEAN: Record<string, Route> = {
  '/clean/a': htmlPage('Alpha', '<p>The alpha page speaks of lighthouses.</p>'),
  '/clean/b': htmlPage('Bravo', '<p>The bravo page speaks of harbours.</p>'),
  '/clean/c': htmlPage('Charlie', '<p>The charlie page speaks of tugboats.</p>'),
};
const CLEAN_WORDS = { lighthouses: '/clean/a', harbours: '/clean/b', tugboats: '/clean/c' };

async function expectCleanPagesFound(engine: CrawledEngine): Promise<void> {
  for (const [word, path] of Object.entries(CLEAN_WORDS)) {
    const found = await search(t.server, engine.clientId, { q: word });
    expect(pathsOf(found.body, engine.site), word).toEqual([path]);
  }
}

/** The engine's URLs by path, with their status and reason. */
async function urlsOf(engine: CrawledEngine) {
  const { rows } = await t.server.store.query<{ url: string; status: number; reason: string | null }>(
    'SELECT url, status, reason FROM crawl_urls WHERE account_id = $1 AND engine_id = $2',
    [t.accountA, engine.engineId],
  );
  return rows.map((row) => ({ ...row, path: row.url.replace(engine.site.origin, '') }));
}

describe('a crawl of pages with text the store cannot hold as it is', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    for (const engine of engines) await engine.site.close();
  });

  it('given the page of issue 34 (a NUL in its title and text), then the crawl is published and every page found', async () => {
    const nulPage = answer(200, '<title>nul \u0000 title</title><body>nulword \u0000\u0000</body>', {
      'content-type': 'text/html; charset=utf-8',
    });
    const engine = await crawledEngine(t, 'A NUL in a page', { ...CLEAN, '/nul': nulPage });
    engines.push(engine);

    await expectCleanPagesFound(engine);
    const found = await search(t.server, engine.clientId, { q: 'nulword' });
    expect(pathsOf(found.body, engine.site)).toEqual(['/nul']);
    expect(found.body.hits[0].title).toBe('nul \uFFFD title');
    const urls = await urlsOf(engine);
    expect(urls.map((url) => [url.path, url.status]).sort()).toEqual(
      ['/', '/clean/a', '/clean/b', '/clean/c', '/nul'].map((path) => [path, CRAWL_STATUS.SUCCESS]),
    );
  });

  it('given pages with NULs, bytes not UTF-8, lone surrogates, control characters and long tokens in each field, then the crawl is published and every page found', async () => {
    const { pages, markers } = fuzzPages();
    const redirects = fuzzRedirects();
    const engine = await crawledEngine(t, 'Hostile text', { ...CLEAN, ...pages, ...redirects });
    engines.push(engine);

    await expectCleanPagesFound(engine);
    // Each page is stored, its odd text made storable, not recorded as a failure to store it. A page
    // naming a canonical URL is stored under that URL, whose 404 here takes it out of the run: those
    // are only checked to be recorded.
    for (const [path, marker] of Object.entries(markers)) {
      if (path.includes('/canonical/')) continue;
      const found = await search(t.server, engine.clientId, { q: marker });
      expect(pathsOf(found.body, engine.site), path).toContain(path);
    }
    const urls = await urlsOf(engine);
    const waiting: number[] = [CRAWL_STATUS.CREATED, CRAWL_STATUS.PENDING_FETCH];
    expect(urls.filter((url) => waiting.includes(url.status))).toEqual([]);
    expect(urls.filter((url) => url.status === CRAWL_STATUS.FAILED)).toEqual([]);
    for (const path of Object.keys(pages))
      expect(urls.find((url) => url.path === path)?.status, path).toBe(CRAWL_STATUS.SUCCESS);
    for (const path of Object.keys(redirects))
      expect(urls.find((url) => url.path === path)?.status, path).toBe(CRAWL_STATUS.REDIRECTED);
  });
});

/** Bytes of a page: text (sent as UTF-8) and raw bytes (sent as they are). */
type Piece = string | Uint8Array;

/** A deterministic string of `length` letters no compressor shrinks much (an index row stays long). */
function letters(length: number, seed: number): string {
  // xorshift32: the same letters on every run, so a failure can be replayed.
  let state = seed + 1;
  let text = '';
  for (let n = 0; n < length; n += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    text += String.fromCharCode(97 + (state % 26));
  }
  return text;
}

/** What careless or hostile pages put in a field, as their bytes. */
const HOSTILE: Record<string, (seed: number, long: number) => Piece[]> = {
  nul: () => ['a\u0000b \u0000 \u0000\u0000'],
  'bytes not UTF-8': () => [
    // A lone continuation byte, 0xFF, an overlong NUL, a CESU-8 surrogate, a code point past U+10FFFF.
    Buffer.from([0x80, 0xff, 0xfe, 0xc3, 0x28, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]),
  ],
  'lone surrogates and NUL as references': () => ['&#xD800;x&#xDFFF;&#55296;&#0;&#x0;&#x110000;&#xFFFE;'],
  'control characters': () => ['\u0001\u0007\b\u000b\f\u001b\u007f\u0085\u009f\u202e\ufeff'],
  'a long token': (seed, long) => [letters(long, seed)],
  'everything at once': (seed) => [
    'a\u0000&#xDC00;\u0001',
    Buffer.from([0xff, 0xed, 0xb0, 0x80]),
    letters(3000, seed),
  ],
};

/** Where a page puts the text: each field extraction reads. */
const FIELDS: Record<string, (text: Piece[]) => { head?: Piece[]; lang?: Piece[]; body?: Piece[] }> = {
  title: (text) => ({ head: ['<title>', ...text, '</title>'] }),
  body: (text) => ({ body: ['<p>', ...text, '</p>'] }),
  heading: (text) => ({ body: ['<h2>', ...text, '</h2>'] }),
  description: (text) => ({ head: ['<meta name="description" content="', ...text, '">'] }),
  lang: (text) => ({ lang: text }),
  'custom tag': (text) => ({ head: ['<meta name="category" content="', ...text, '">'] }),
  link: (text) => ({ body: ['<a href="/fuzz-link/', ...text, '">a link</a>'] }),
  canonical: (text) => ({ head: ['<link rel="canonical" href="/fuzz-canonical/', ...text, '">'] }),
};

function pageOf(parts: { head?: Piece[]; lang?: Piece[]; body?: Piece[] }, marker: string): Route {
  const pieces: Piece[] = [
    '<!doctype html><html lang="',
    ...(parts.lang ?? ['en']),
    '"><head><meta charset="utf-8">',
    ...(parts.head ?? []),
    '</head><body><main><p>Found by ',
    marker,
    '.</p>',
    ...(parts.body ?? []),
    '</main></body></html>',
  ];
  const bytes = Buffer.concat(
    pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)),
  );
  // Headers hold bytes past ASCII too (read as Latin-1), in the validators the crawl stores.
  return answer(200, bytes, {
    'content-type': 'text/html; charset=utf-8',
    'content-language': '\u00ff\u0080',
    etag: '"\u00ff\u0080 etag"',
    'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT \u00ff',
  });
}

/** A page sent as UTF-16LE whose title and text hold halves of surrogate pairs. */
function utf16Page(marker: string): Route {
  const html = `<html><head><title>half \uD800 pair</title></head><body><p>${marker} \uDC00 end \uD83D</p></body></html>`;
  const bytes = Buffer.alloc(html.length * 2);
  for (let n = 0; n < html.length; n += 1) bytes.writeUInt16LE(html.charCodeAt(n), n * 2);
  return answer(200, bytes, { 'content-type': 'text/html; charset=utf-16le' });
}

/** A word of letters only, one a page, that no other page holds. */
function markerOf(n: number): string {
  return `zq${letters(6, n + 1)}`;
}

/** Each hostile text in each field, one page each; and the word each page is found by. */
function fuzzPages(): { pages: Record<string, Route>; markers: Record<string, string> } {
  const pages: Record<string, Route> = {};
  const markers: Record<string, string> = {};
  let n = 0;
  for (const [field, place] of Object.entries(FIELDS)) {
    for (const [kind, text] of Object.entries(HOSTILE)) {
      n += 1;
      const path = `/fuzz/${field.replace(' ', '-')}/${kind.replaceAll(' ', '-')}`;
      markers[path] = markerOf(n);
      // Text past any cap: a body of 300,000 letters in one word, 5,000 elsewhere (a URL over
      // the 2,704 bytes an index row of PostgreSQL holds).
      pages[path] = pageOf(place(text(n, field === 'body' ? 300_000 : 5_000)), markerOf(n));
    }
  }
  markers['/fuzz/utf-16'] = markerOf(0);
  pages['/fuzz/utf-16'] = utf16Page(markerOf(0));
  return { pages, markers };
}

/**
 * Redirects to URLs too long to queue, or with bytes past ASCII (what a header may hold), whose
 * answer the crawl records as the target's.
 */
function fuzzRedirects(): Record<string, Route> {
  return {
    '/fuzz/redirect/a-long-token': answer(301, '', { location: `/fuzz-target/${letters(5_000, 7)}` }),
    '/fuzz/redirect/latin-1': answer(301, '', { location: '/fuzz-target/\u00ff\u0080' }),
  };
}
