import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPage } from './index.ts';

/** Pages as servers send them: headers (repeated ones too) and bytes in the page's own charset. */
const PAGES: Record<string, { headers: [string, string][]; body: Buffer }> = {
  '/scoped-robots': {
    headers: [
      ['content-type', 'text/html; charset=utf-8'],
      ['x-robots-tag', 'otherbot: noindex, nofollow'],
      ['x-robots-tag', 'nofollow'],
      ['content-language', 'nl-BE'],
    ],
    body: Buffer.from('<title>Scoped</title><p>Hallo wereld</p><a href="next">next</a>'),
  },
  '/latin1': {
    headers: [['content-type', 'text/html']],
    // windows-1252 bytes: "Café – 5 €" (0xE9 é, 0x96 en dash, 0x80 euro sign).
    body: Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1252"><title>Caf'),
      Buffer.from([0xe9]),
      Buffer.from('</title></head><body><p>Caf'),
      Buffer.from([0xe9, 0x20, 0x96, 0x20, 0x35, 0x20, 0x80]),
      Buffer.from('</p></body></html>'),
    ]),
  },
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    // A flat [name, value, name, value…] list keeps repeated headers as separate lines.
    res.writeHead(200, page.headers.flat());
    res.end(page.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

describe('extractPage on pages served over HTTP', () => {
  it('given two X-Robots-Tag lines, one scoped to another bot, then only the unscoped line applies', async () => {
    const response = await request(`${origin}/scoped-robots`);
    const html = await response.body.text();
    const page = extractPage(html, { url: `${origin}/scoped-robots`, headers: response.headers });
    expect(response.headers['x-robots-tag']).toEqual(['otherbot: noindex, nofollow', 'nofollow']);
    expect(page.robots).toEqual({ noindex: false, nofollow: true });
    expect(page.language).toBe('nl-BE');
    expect(page.links).toEqual([{ url: `${origin}/next`, nofollow: false }]);
  });

  it('given a windows-1252 page decoded by its meta charset, then accents, dashes and euros survive', async () => {
    const response = await request(`${origin}/latin1`);
    // The fetcher decodes: it holds the bytes, the Content-Type and the <meta charset> prescan.
    const html = new TextDecoder('windows-1252').decode(await response.body.arrayBuffer());
    const page = extractPage(html, { url: `${origin}/latin1`, headers: response.headers });
    expect(page.title).toBe('Café');
    expect(page.text).toBe('Café – 5 €');
  });
});
