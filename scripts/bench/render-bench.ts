/**
 * The render section of `pnpm bench` (`pnpm bench:render`): JavaScript-rendered pages. A generated
 * single-page app of `--render-pages` pages (default 300) on 127.0.0.1: each page's HTML is a shell
 * with its links, its text written by a script from a JSON answer of the site. A keyword engine
 * crawls it without rendering (the baseline: the links alone) and with rendering, the server's pool
 * at 1 and at 2 pages at once: pages per second against the static crawl, the Chromium processes'
 * peak memory (the sum of their PSS, sampled every 100 ms from /proc) and the server's own peak,
 * and whether each page's script-written word is searchable after the rendered crawl.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from './http-client.ts';
import { keywordSearch } from './keyword-engine.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { signIn } from './session.ts';

export const RENDER_PAGES = 300;
const POLL_MS = 100;
const SUCCESS = '3';
const LINKS_PER_PAGE = 4;

interface RenderCrawl {
  pages: number;
  ms: number;
  state: string;
  /** The Chromium processes' summed PSS at its highest (0 for the static crawl). */
  chromiumPeakMb: number;
  serverPeakMb: number;
}

export interface RenderResults {
  pages: number;
  static: RenderCrawl;
  pool1: RenderCrawl;
  pool2: RenderCrawl;
  /** Pages found by the word their script writes, after the crawl with 2 at once. */
  searchable: number;
}

/** The word page `n`'s script writes (unique to it). */
const wordOf = (n: number) => `zyx${n.toString(36)}q`;

/** Serves the single-page app: shells with static links, their text from `/api/N.json`. */
async function startAppSite(pages: number) {
  const shell = (n: number) => {
    const links = Array.from({ length: LINKS_PER_PAGE }, (_, k) => (n * LINKS_PER_PAGE + k + 1) % pages)
      .map((target) => `<a href="/p/${target}">Page ${target}</a>`)
      .join(' ');
    return `<!doctype html><html lang="en"><head><title>App page ${n}</title></head><body><nav>${links}</nav><main id="app"></main><script src="/app.js"></script></body></html>`;
  };
  const script =
    "const n = location.pathname.split('/').pop(); fetch('/api/' + n + '.json').then((r) => r.json()).then((d) => { document.getElementById('app').textContent = d.text; });";
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const page = /^\/p\/(\d+)$/.exec(path);
    const api = /^\/api\/(\d+)\.json$/.exec(path);
    if (path === '/' || page) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(shell(page ? Number(page[1]) : 0));
    } else if (api) {
      const n = Number(api[1]);
      const text = `Page ${n} of the app explains ${wordOf(n)} in a paragraph its script wrote.`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text }));
    } else if (path === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The processes under `root` (its children, theirs…), by /proc's parent ids. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended while the list was read.
    }
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The memory (MB) of the Chromium processes under the server: their proportional set sizes summed
 * (each shared page counted once across them, where summed VmRSS would count it in every process).
 */
function chromiumPssMb(serverPid: number): number {
  let kb = 0;
  for (const pid of descendants(serverPid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s+chrom/m.test(status)) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended between the list and the read.
    }
  }
  return kb / 1024;
}

/** One crawl of the app by a new engine, rendering or not, until it is over. */
async function crawlApp(server: ServerProcess, url: string, name: string, renderJavaScript: boolean) {
  const headers = { authorization: `Bearer ${await signIn(server.base, server.owner)}` };
  const call = <T>(path: string, body: unknown) =>
    json<T>(`${server.base}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const accountId = (await json<{ id: string }[]>(`${server.base}/api/accounts`, { headers }))[0]?.id;
  if (!accountId) throw new Error('The owner has no account');
  const settings = { urls: [url], pageLoadDelay: '0ms', renderJavaScript };
  const engine = await call<{ documentId: string; clientId: string }>('searchengines', {
    ...settings,
    searchEngineType: 'kw',
    accountId,
    searchEngineName: name,
  });
  server.resetPeak();
  let chromiumPeakMb = 0;
  const sampler = setInterval(() => {
    chromiumPeakMb = Math.max(chromiumPeakMb, chromiumPssMb(server.pid));
  }, POLL_MS);
  const started = performance.now();
  await call('datasource/crawler', { ...settings, accountId, engineId: engine.documentId, recreate: true });
  let report: { counts: Record<string, number>; state?: string };
  try {
    for (;;) {
      report = await call('datasource/crawler/report', {
        accountId,
        engineId: engine.documentId,
        resultSize: 1,
      });
      if (report.state !== 'crawling') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    clearInterval(sampler);
  }
  const crawl: RenderCrawl = {
    pages: report.counts[SUCCESS] ?? 0,
    ms: performance.now() - started,
    state: report.state ?? 'none',
    chromiumPeakMb,
    serverPeakMb: server.memory().peakMb,
  };
  return { crawl, clientId: engine.clientId };
}

/** A server with a pool of `renderPages`, allowed to fetch 127.0.0.1, for `run`. */
async function withServer<T>(
  db: Db,
  databaseUrl: string | undefined,
  renderPages: number,
  run: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const where = await place(db, databaseUrl);
  try {
    const server = await ServerProcess.start({
      dataDir: where.dataDir,
      ...(where.database ? { database: where.database } : {}),
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1', SITESEER_RENDER_PAGES: String(renderPages) },
    });
    try {
      return await run(server);
    } finally {
      await server.stop();
    }
  } finally {
    await where.remove();
  }
}

/** The render section on one database. */
export async function benchRender(db: Db, databaseUrl: string | undefined, pages = RENDER_PAGES) {
  const site = await startAppSite(pages);
  try {
    log(`${db}: render, pool of 1 (${pages} pages)`);
    const pool1 = await withServer(db, databaseUrl, 1, async (server) => {
      return (await crawlApp(server, site.url, 'Render 1', true)).crawl;
    });
    log(`${db}: render, static crawl and pool of 2`);
    return await withServer(db, databaseUrl, 2, async (server): Promise<RenderResults> => {
      const plain = (await crawlApp(server, site.url, 'Static', false)).crawl;
      const rendered = await crawlApp(server, site.url, 'Render 2', true);
      let searchable = 0;
      for (let n = 0; n < pages; n += 1) {
        const answer = await keywordSearch(server.base, rendered.clientId, wordOf(n));
        if (answer.total > 0) searchable += 1;
      }
      return { pages, static: plain, pool1, pool2: rendered.crawl, searchable };
    });
  } finally {
    await site.close();
  }
}

/** The render section's lines: rendered pages/s against the static crawl, and the pool's memory. */
export function renderLines(db: Db, r: RenderResults): Line[] {
  const perSecond = (crawl: RenderCrawl) => crawl.pages / (crawl.ms / 1000);
  const staticBaseline = { name: 'static crawl', value: perSecond(r.static) };
  const of = (crawl: RenderCrawl) => `${crawl.pages}/${r.pages} pages, ${crawl.state}`;
  return [
    {
      db,
      metric: `render: static crawl of the app (${of(r.static)})`,
      value: perSecond(r.static),
      unit: 'pages/s',
    },
    {
      db,
      metric: `render: rendered, 1 page at once (${of(r.pool1)})`,
      value: perSecond(r.pool1),
      unit: 'pages/s',
      baseline: staticBaseline,
    },
    {
      db,
      metric: `render: rendered, 2 pages at once (${of(r.pool2)})`,
      value: perSecond(r.pool2),
      unit: 'pages/s',
      baseline: staticBaseline,
    },
    {
      db,
      metric: 'render: Chromium peak memory (PSS), 1 page at once',
      value: r.pool1.chromiumPeakMb,
      unit: 'MB',
    },
    {
      db,
      metric: 'render: Chromium peak memory (PSS), 2 pages at once',
      value: r.pool2.chromiumPeakMb,
      unit: 'MB',
    },
    {
      db,
      metric: 'render: server peak RSS, 2 pages at once',
      value: r.pool2.serverPeakMb,
      unit: 'MB',
      baseline: { name: 'static crawl', value: r.static.serverPeakMb },
    },
    {
      db,
      metric: `render: pages found by their script's word (of ${r.pages})`,
      value: r.searchable,
      unit: 'searches',
      target: { min: r.pages, label: `${r.pages}` },
    },
  ];
}
