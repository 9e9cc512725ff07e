/**
 * A test collection served on 127.0.0.1 as a small site a crawler can walk: one HTML page per
 * document (its title as <title> and <h1>, its text as a paragraph) at /doc/{id}.html, reached
 * from the front page through list pages of LIST_SIZE links each, as an archive links its articles;
 * the front and list pages say `noindex`, so only the documents are searched.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CollectionDoc } from './collections.ts';

/** Documents linked from one list page. */
const LIST_SIZE = 200;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

/** A page; a list page (`noindex`) is followed for its links but not itself indexed. */
const page = (title: string, body: string, noindex = false) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${noindex ? '<meta name="robots" content="noindex">' : ''}<title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

/** The path of a document's page. */
const docPath = (id: string) => `/doc/${encodeURIComponent(id)}.html`;

/** The document id of a page URL of the site (undefined for a list page or another site's URL). */
export function docIdOf(url: string): string | undefined {
  const match = /\/doc\/([^/]+)\.html$/.exec(new URL(url).pathname);
  return match ? decodeURIComponent(match[1] as string) : undefined;
}

export interface CollectionSite {
  /** The front page, where the crawl starts. */
  start: string;
  close(): Promise<void>;
}

/** Serves `docs` on 127.0.0.1 (a port of its own) until closed. */
export async function serveCollection(name: string, docs: readonly CollectionDoc[]): Promise<CollectionSite> {
  const byPath = new Map(docs.map((doc) => [docPath(doc.id), doc]));
  const lists = Math.ceil(docs.length / LIST_SIZE);
  const html = (path: string): string | undefined => {
    if (path === '/' || path === '/index.html') {
      const links = Array.from(
        { length: lists },
        (_, i) => `<li><a href="/list/${i + 1}.html">Documents, part ${i + 1}</a></li>`,
      );
      return page(name, `<h1>${escapeHtml(name)}</h1><ul>${links.join('')}</ul>`, true);
    }
    const list = /^\/list\/(\d+)\.html$/.exec(path);
    if (list) {
      const n = Number(list[1]);
      if (n < 1 || n > lists) return undefined;
      const links = docs
        .slice((n - 1) * LIST_SIZE, n * LIST_SIZE)
        .map((doc) => `<li><a href="${docPath(doc.id)}">${escapeHtml(doc.title || doc.id)}</a></li>`);
      return page(
        `${name}: part ${n}`,
        `<h1>${escapeHtml(name)}: part ${n}</h1><ul>${links.join('')}</ul>`,
        true,
      );
    }
    const doc = byPath.get(path);
    return (
      doc &&
      page(doc.title, `<article><h1>${escapeHtml(doc.title)}</h1><p>${escapeHtml(doc.text)}</p></article>`)
    );
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://collection.invalid').pathname;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const body = html(path);
    if (body === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    start: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}
