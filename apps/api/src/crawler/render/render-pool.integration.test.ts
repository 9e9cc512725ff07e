import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy, createPageFetcher, parseAllowList } from '../fetch/index.ts';
import { findChromium } from './chromium.ts';
import { RenderPool } from './render-pool.ts';

// The pool against real servers: a page's requests carry the caller's headers to its own origin
// only, and a redirect of one of them to a refused address is refused as the crawler's would be.

interface Served {
  origin: string;
  /** Each request's path and headers, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** What a test server answers to a path. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function serve(host: string, answer: (path: string) => Answer): Promise<Served> {
  const requests: Served['requests'] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    const { status, headers, body } = answer(path);
    res.writeHead(status, { 'access-control-allow-origin': '*', ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const chromium = findChromium(undefined, process.env.PATH ?? '');
const fetcher = createPageFetcher(createAddressPolicy(parseAllowList('127.0.0.1')));
let site: Served;
let other: Served;
let internal: Served;
let pool: RenderPool;

describe.runIf(chromium.available)('the render pool', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    internal = await serve('127.0.0.2', () => ({ status: 200, headers: {}, body: 'internal' }));
    other = await serve('127.0.0.1', () => ({
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: 'other',
    }));
    site = await serve(
      '127.0.0.1',
      (path): Answer =>
        path === '/hop'
          ? { status: 302, headers: { location: `${internal.origin}/after-hop` }, body: '' }
          : { status: 200, headers: { 'content-type': 'text/plain' }, body: `own ${path}` },
    );
    if (!chromium.available) return;
    pool = new RenderPool({ executablePath: chromium.path, pages: 1, timeoutMs: 20_000, fetcher });
  });
  afterAll(async () => {
    await pool?.close();
    await fetcher.close();
    await Promise.all([site?.close(), other?.close(), internal?.close()]);
  });

  const render = (script: string, session = 'account/engine') =>
    pool.render({
      url: `${site.origin}/page`,
      session,
      html: `<!doctype html><html><body><main id="out"></main><script>${script}</script></body></html>`,
      userAgent: 'SiteseerBot/1.0 (+test)',
      signal: new AbortController().signal,
      auth: { origin: site.origin, headers: { authorization: 'Bearer site-secret' } },
    });

  it("given the site's sign-in, then the page's requests to its own origin carry them and those to another origin do not", async () => {
    const rendered = await render(
      `Promise.all([fetch('/data'), fetch('${other.origin}/data')]).then((answers) => Promise.all(answers.map((a) => a.text()))).then((texts) => { document.getElementById('out').textContent = texts.join(' + '); });`,
    );
    expect(rendered.kind).toBe('rendered');
    expect(rendered.kind === 'rendered' && rendered.html).toContain('own /data + other');
    expect(site.requests.find((r) => r.path === '/data')?.headers.authorization).toBe('Bearer site-secret');
    expect(site.requests.find((r) => r.path === '/data')?.headers['user-agent']).toBe(
      'SiteseerBot/1.0 (+test)',
    );
    expect(other.requests.find((r) => r.path === '/data')?.headers.authorization).toBeUndefined();
  });

  it('given a request of the page redirected to a refused address, then it is refused and said, and the address sees nothing', async () => {
    const rendered = await render(
      `fetch('/hop').then((a) => a.text()).then((t) => { document.getElementById('out').textContent = t; }, () => { document.getElementById('out').textContent = 'refused'; });`,
    );
    expect(rendered.kind === 'rendered' && rendered.html).toContain('<main id="out">refused</main>');
    expect(rendered.notes).toEqual([
      `The page tried to load a private address (${internal.origin}/after-hop), which was refused.`,
    ]);
    expect(internal.requests).toEqual([]);
  });

  it("given renders of one session, then a page's storage passes to the next; never to another session's", async () => {
    const note = `localStorage.setItem('visited', 'yes'); document.getElementById('out').textContent = 'set';`;
    const read = `document.getElementById('out').textContent = localStorage.getItem('visited') ?? 'none';`;
    expect(await render(note, 'account/one')).toMatchObject({ kind: 'rendered' });
    const again = await render(read, 'account/one');
    expect(again.kind === 'rendered' && again.html).toContain('<main id="out">yes</main>');
    const other = await render(read, 'account/two');
    expect(other.kind === 'rendered' && other.html).toContain('<main id="out">none</main>');
  });

  it("given a page whose script goes on requesting, then the next page's render sees none of its requests", async () => {
    const polling = `setInterval(() => fetch('/poll'), 5); document.getElementById('out').textContent = 'polling';`;
    expect(await render(polling, 'account/poll')).toMatchObject({ kind: 'rendered' });
    const polled = site.requests.filter((r) => r.path === '/poll').length;
    const next = await render(`document.getElementById('out').textContent = 'quiet';`, 'account/poll');
    expect(next.kind === 'rendered' && next.html).toContain('<main id="out">quiet</main>');
    expect(site.requests.filter((r) => r.path === '/poll').length).toBe(polled);
  });
});
