import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicSearchClient, SearchNotFoundError } from '@siteseer/core';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from './node-http-fetch.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real server on 127.0.0.1 answering with `handle`, and the requests it received. */
async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, body, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('nodeHttpFetch', () => {
  it('given a GET with headers, then the answer is a Response with its status, headers and body', async () => {
    const { base, received } = await serve((_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'retry-after': '7' }).end('{"total":3}');
    });
    const response = await nodeHttpFetch(`${base}/search/c1/keyword?q=glacier`, {
      method: 'GET',
      headers: new Headers({ Accept: 'application/json', 'X-Siteseer-Source': 'cli' }),
    });
    expect([response.status, response.headers.get('retry-after'), await response.json()]).toEqual([
      200,
      '7',
      { total: 3 },
    ]);
    expect(received[0]).toMatchObject({ method: 'GET', url: '/search/c1/keyword?q=glacier' });
    expect(received[0]?.headers).toMatchObject({ accept: 'application/json', 'x-siteseer-source': 'cli' });
  });

  it('given a POST with a JSON body, then the body is sent as given', async () => {
    const { base, received } = await serve((_req, body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const sent = JSON.stringify({ q: 'wideband', page: 2 });
    const response = await nodeHttpFetch(`${base}/search/c1/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: sent,
    });
    expect(await response.text()).toBe(sent);
    expect(received[0]).toMatchObject({ method: 'POST', body: sent });
  });

  it("given core's public search client, then a 404 is its SearchNotFoundError and a 204 has no body", async () => {
    const { base } = await serve((req, _body, res) => {
      if (req.url?.startsWith('/search/gone/')) {
        res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"title":"Not Found"}');
      } else res.writeHead(204).end();
    });
    const search = createPublicSearchClient({ baseUrl: base, fetch: nodeHttpFetch });
    await expect(search.config('gone')).rejects.toBeInstanceOf(SearchNotFoundError);
    const empty = await nodeHttpFetch(`${base}/nothing`, { method: 'GET' });
    expect([empty.status, await empty.text()]).toEqual([204, '']);
  });

  it('given no server at the address, then it rejects, as fetch does', async () => {
    const { base } = await serve((_req, _body, res) => res.end());
    const closed = servers.pop() as Server;
    await new Promise((resolve) => closed.close(resolve));
    await expect(nodeHttpFetch(`${base}/search/c1/config`, { method: 'GET' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('given an aborted signal, then it rejects with an AbortError', async () => {
    const { base } = await serve(() => {
      // Never answers: the abort ends the request.
    });
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${base}/slow`, { method: 'GET', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
