import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, interceptors, request } from 'undici';
import { startFixtureServer } from '../fetch/fixture-server.ts';
import type { FetchBytes } from './fetch-bytes.ts';

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
