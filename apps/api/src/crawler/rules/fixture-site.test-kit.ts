import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, interceptors, request } from 'undici';
import type { FetchBytes } from '../fetch/fetch-bytes.ts';
import { startFixtureServer } from '../fetch/fixture-server.test-kit.ts';

/** Test support: answers one path of the fixture site. */
export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface FixtureSite {
  origin: string;
  /** Requests received, by path (with query), in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Test support: a real HTTP server on 127.0.0.1, port 0, answering the routes (404 otherwise). */
export async function startFixtureSite(routes: Record<string, Route>): Promise<FixtureSite> {
  const requests: string[] = [];
  const server = await startFixtureServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const route = routes[path];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return { origin: server.origin, requests, close: server.close };
}

/**
 * Test support: the small real-HTTP FetchBytes the crawl loop's safe fetcher stands in for here:
 * undici with at most 5 redirects, no address checks.
 */
export function testFetch(): FetchBytes & { close(): Promise<void> } {
  const agent = new Agent();
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: 5 }));
  const fetch: FetchBytes = async (url) => {
    const { statusCode, body } = await request(url, { dispatcher });
    return { status: statusCode, body };
  };
  return Object.assign(fetch, { close: () => agent.close() });
}

/** Test support: a route answering with a status, headers and a body. */
export function answer(
  status: number,
  body: string | Uint8Array = '',
  headers: Record<string, string> = {},
): Route {
  return (_req, res) => {
    res.writeHead(status, headers).end(body);
  };
}

/**
 * Test support: the routes of a site of `pages` pages, `/` linking to `/p/0` and page n to 3n+1..3n+3
 * and n+1 (a shallow tree), each answered after `delayMs` (a crawl long enough to be interrupted).
 */
export function linkedSite(pages: number, delayMs: number): Record<string, Route> {
  const routes: Record<string, Route> = {};
  const page = (title: string, links: number[]): Route => {
    const body = `<!doctype html><html><head><title>${title}</title></head><body><main><p>${title} of the linked site.</p>${links.map((n) => `<a href="/p/${n}">${n}</a>`).join(' ')}</main></body></html>`;
    return (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(body), delayMs);
    };
  };
  routes['/'] = page('Home', [0]);
  for (let n = 0; n < pages; n += 1) {
    const next = [3 * n + 1, 3 * n + 2, 3 * n + 3, n + 1].filter((k) => k < pages);
    routes[`/p/${n}`] = page(`Page ${n}`, next);
  }
  return routes;
}
