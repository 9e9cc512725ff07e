/**
 * The crawl benchmark's site: N generated pages (default 5,000) served on 127.0.0.1, the same bytes
 * every run. Pages look like a CMS's: a head with title and description, header navigation, an
 * article of headings and paragraphs (15–40 KB of HTML), related links and a footer. Every page is
 * reachable from `/`: page i links to its children 6i+1 … 6i+6, so the deepest page is 5 links away.
 * No sitemap (`/sitemap.xml` is a 404): both crawlers discover pages by their links alone. robots.txt
 * allows everything; connections are kept alive (HTTP/1.1, Node's default).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prng } from './dataset.ts';

export const SITE_PAGES = 5_000;
const CHILDREN = 6;
const SECTIONS = ['docs', 'guides', 'blog', 'products', 'support', 'company'] as const;
export const WORDS = `search crawler index page site query result engine ranking keyword document text title
heading link anchor domain server request response header cache content archive release version
update feature customer account team product service price plan support contact guide tutorial
example question answer problem solution error message warning notice report summary detail history
record change review policy privacy security login password profile setting option default custom
filter sort order category label tag topic theme style layout design color image photo video audio
file folder upload download import export format table column row field value number date time
week month year today morning evening quick slow simple clear bright quiet strong gentle careful
modern classic local global public private open closed early late first last next previous small
large short long narrow wide light heavy warm cold fresh green blue harbor river mountain valley
forest garden bridge tower market station library museum theatre kitchen window village
city coast island meadow orchard lantern compass journey voyage signal beacon`.split(/\s+/);

/** The path of page `i` (page 0 is the home page). */
function pagePath(i: number): string {
  if (i === 0) return '/';
  const random = prng(i * 7919);
  const slug = [0, 1, 2].map(() => WORDS[Math.floor(random() * WORDS.length)]).join('-');
  return `/${SECTIONS[i % SECTIONS.length]}/${slug}-${i}`;
}

/** Words with a skewed distribution (a few common, many rare), as prose has. */
function wordsOf(random: () => number, count: number): string {
  return Array.from({ length: count }, () => WORDS[Math.floor(random() ** 2 * WORDS.length)]).join(' ');
}

function titleOf(i: number): string {
  const random = prng(i * 104_729 + 1);
  const words = wordsOf(random, 3 + Math.floor(random() * 4));
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${i})`;
}

function anchor(i: number, pages: number): string {
  const target = ((i % pages) + pages) % pages;
  return `<a href="${pagePath(target)}">${titleOf(target)}</a>`;
}

/** Internal links of page `i`: its children, its parent, a neighbour each side and 2–5 others. */
function linksOf(i: number, pages: number, random: () => number): number[] {
  const children = Array.from({ length: CHILDREN }, (_, k) => CHILDREN * i + k + 1).filter((c) => c < pages);
  const parent = i === 0 ? [] : [Math.floor((i - 1) / CHILDREN)];
  const related = Array.from({ length: 2 + Math.floor(random() * 4) }, () => Math.floor(random() * pages));
  return [...children, ...parent, i - 1, i + 1, ...related];
}

/** The HTML of page `i` of a site of `pages` pages. */
function pageHtml(i: number, pages: number): string {
  const random = prng(i * 2_654_435_761 + 17);
  const title = titleOf(i);
  const nav = [0, 1, 2, 3, 4, 5, 6].map((n) => `<li>${anchor(n, pages)}</li>`).join('');
  const links = linksOf(i, pages, random);
  const targetBytes = 15_000 + Math.floor(random() * 24_000);
  const parts: string[] = [`<h1>${title}</h1>`, `<p class="lead">${wordsOf(random, 30)}.</p>`];
  let bytes = 1_500;
  let p = 0;
  for (; bytes < targetBytes; p++) {
    if (p % 5 === 0) parts.push(`<h2 id="s${p}">${wordsOf(random, 2 + Math.floor(random() * 4))}</h2>`);
    const link = p < links.length ? ` See ${anchor(links[p] as number, pages)}.` : '';
    const paragraph = `<p>${wordsOf(random, 40 + Math.floor(random() * 80))}.${link}</p>`;
    parts.push(paragraph);
    bytes += paragraph.length;
  }
  const rest = links.slice(p).map((n) => `<li>${anchor(n, pages)}</li>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Bench Site</title>
<meta name="description" content="${wordsOf(random, 20)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head><body>
<header><a href="/" class="logo">Bench Site</a><nav><ul>${nav}</ul></nav></header>
<main><article>${parts.join('\n')}</article>
<aside><h2>Related</h2><ul>${rest.join('')}</ul></aside></main>
<footer><p>© Bench Site. <a href="https://social.example.com/bench">Follow us</a>
<a href="https://status.example.com/">Status</a></p></footer>
</body></html>
`;
}

/** Breadth-first from `/` over the rendered pages: the deepest page's depth, or -1 if one is unreachable. */
function maxDepth(byPath: ReadonlyMap<string, string>): number {
  const depths = new Map<string, number>([['/', 0]]);
  const queue = ['/'];
  for (let head = 0; head < queue.length; head++) {
    const path = queue[head] as string;
    for (const match of (byPath.get(path) ?? '').matchAll(/href="(\/[^"]*)"/g)) {
      const target = match[1] as string;
      if (byPath.has(target) && !depths.has(target)) {
        depths.set(target, (depths.get(path) as number) + 1);
        queue.push(target);
      }
    }
  }
  return depths.size === byPath.size ? Math.max(...depths.values()) : -1;
}

/** What the site saw of one crawler: requests and connections in all, paths asked for more than once. */
export interface SiteRequests {
  requests: number;
  connections: number;
  duplicatePaths: number;
}

export interface CrawlSite {
  /** The site's root URL, `http://127.0.0.1:PORT/`. */
  url: string;
  pages: number;
  /** Links from `/` to the deepest page. */
  depth: number;
  /** Page bytes served, total. */
  bytes(): number;
  /** What the site saw since the start or the last `reset()`. */
  seen(): SiteRequests;
  reset(): void;
  close(): Promise<void>;
}

/** Serves the generated site (pages rendered up front, so serving costs the same for every crawler). */
export async function startCrawlSite(pages = SITE_PAGES): Promise<CrawlSite> {
  const html = new Map(Array.from({ length: pages }, (_, i) => [pagePath(i), pageHtml(i, pages)] as const));
  const depth = maxDepth(html);
  if (depth < 0) throw new Error('A page of the generated site is not reachable from /');
  const byPath = new Map([...html].map(([path, text]) => [path, Buffer.from(text)]));
  const robots = Buffer.from('User-agent: *\nAllow: /\n');
  let counts = new Map<string, number>();
  let bytes = 0;
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const page = byPath.get(path);
    if (page) {
      bytes += page.byteLength;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.byteLength });
      res.end(page);
    } else if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': robots.byteLength }).end(robots);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    pages,
    depth,
    bytes: () => bytes,
    seen: () => ({
      requests: [...counts.values()].reduce((sum, n) => sum + n, 0),
      connections,
      duplicatePaths: [...counts.values()].filter((n) => n > 1).length,
    }),
    reset() {
      counts = new Map();
      bytes = 0;
      connections = 0;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
