/**
 * The keyword bench's documentation set: Debian's `python3.11-doc` (the Python 3.11 manual as
 * Sphinx HTML, ~530 pages of real prose; docs/adr/0022-keyword-relevance-benchmark.md says why),
 * installed when missing if this process may (root, apt-get present), and served on 127.0.0.1
 * from its directory, as a customer's documentation site would be.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import { log } from './report.ts';

const DOC_PACKAGE = 'python3.11-doc';
const DOC_ROOT = '/usr/share/doc/python3.11/html';
/** What every page title ends with, and a visitor does not type. */
const TITLE_SUFFIX = /\s*— Python [\d.]+ documentation$/;
/** Sphinx's generated pages: indexes and the search page, no one's answer to a title query. */
const GENERATED = /^(genindex(-.*)?|py-modindex|search|contents)\.html$/;

/** Where the doc set is, or why it is not there and how to get it. */
export type DocSetStatus = { ok: true; root: string } | { ok: false; why: string };

function installable(): boolean {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
}

function apt(args: string[]): boolean {
  const run = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return run.status === 0;
}

/**
 * The doc set's directory, installing its Debian package first when it is missing and this process
 * runs as root with apt-get; otherwise why not, with the command that installs it.
 */
export function docSet(): DocSetStatus {
  if (existsSync(join(DOC_ROOT, 'index.html'))) return { ok: true, root: DOC_ROOT };
  const how = `install it with: apt-get install -y --no-install-recommends ${DOC_PACKAGE}`;
  if (!installable()) return { ok: false, why: `${DOC_PACKAGE} is not installed (${DOC_ROOT}); ${how}` };
  log(`keyword: installing ${DOC_PACKAGE} (Debian's Python 3.11 HTML documentation)`);
  const args = ['install', '-y', '-qq', '--no-install-recommends', DOC_PACKAGE];
  // A fresh container may have no package lists yet: update once, then try again.
  if (!apt(args) && !(apt(['update', '-qq']) && apt(args)))
    return { ok: false, why: `apt-get could not install ${DOC_PACKAGE}; ${how}` };
  if (!existsSync(join(DOC_ROOT, 'index.html')))
    return { ok: false, why: `${DOC_PACKAGE} is installed but ${DOC_ROOT}/index.html is missing` };
  return { ok: true, root: DOC_ROOT };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of an HTML fragment's character references (what Sphinx writes in a <title>). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * What a visitor types for a page's title: the title without the site's suffix and without a
 * chapter number ("4. More Control Flow Tools" → "More Control Flow Tools").
 */
export function titleQuery(title: string): string {
  return title
    .replace(TITLE_SUFFIX, '')
    .replace(/^(\d+\.)+\s+/, '')
    .trim();
}

/** A page of the doc set, by its path under the root (`library/os.html`). */
export interface DocPage {
  path: string;
  /** The <title>, decoded. */
  title: string;
}

function htmlFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('_')) return []; // _static, _sources, _images, _downloads
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(root, path);
    return entry.name.endsWith('.html') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** The doc set's HTML pages and their titles, read from the files (not from what the crawler made of them). */
export function docPages(root: string): DocPage[] {
  return htmlFiles(root)
    .sort()
    .map((path) => {
      const html = readFileSync(join(root, path), 'utf8');
      const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
      return { path, title: decodeEntities(title).replace(/\s+/g, ' ').trim() };
    });
}

/** A known-item query: what is typed, and the one page (path under the root) that answers it. */
export interface KnownItem {
  q: string;
  target: string;
}

/**
 * One query per page whose title names it alone: each page's title (as `titleQuery` makes it) →
 * that page. Sphinx's generated pages (indexes, search) and titles two pages share are left out.
 */
export function titleQueries(pages: readonly DocPage[]): KnownItem[] {
  const byQuery = new Map<string, string[]>();
  for (const page of pages) {
    const name = page.path.split('/').at(-1) ?? '';
    if (GENERATED.test(name)) continue;
    const q = titleQuery(page.title);
    if (q.length === 0) continue;
    byQuery.set(q.toLowerCase(), [...(byQuery.get(q.toLowerCase()) ?? []), page.path]);
  }
  return pages.flatMap((page) => {
    const q = titleQuery(page.title);
    const same = byQuery.get(q.toLowerCase());
    return same?.length === 1 && same[0] === page.path ? [{ q, target: page.path }] : [];
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface DocSite {
  /** `http://127.0.0.1:PORT/`: page `library/os.html` is at `${base}library/os.html`. */
  base: string;
  /** The URL the crawl starts from (the manual's front page). */
  start: string;
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

/** Serves `root` on 127.0.0.1 as static files; nothing outside it. robots.txt allows everything. */
export async function serveDocs(root: string): Promise<DocSite> {
  const top = resolve(root);
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests += 1;
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://docs.invalid').pathname);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const file = resolve(top, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (file !== top && !file.startsWith(`${top}${sep}`)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (bytes) => {
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-length': bytes.byteLength,
        });
        res.end(bytes);
      },
      (error: NodeJS.ErrnoException) => {
        // No such file, or a directory: a 404 as any static server answers; anything else is ours.
        const missing = error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR';
        res
          .writeHead(missing ? 404 : 500, { 'content-type': 'text/plain' })
          .end(missing ? 'not found' : error.message);
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/`;
  return {
    base,
    start: `${base}index.html`,
    requests: () => requests,
    close: () =>
      new Promise((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}
