import { measureCrawlReport, TARGET_P50_MS, type Timing, URLS } from './crawl-report-bench.ts';
import { type CrawlSite, type SiteRequests, startCrawlSite } from './crawl-site.ts';
import { type CrawleeCrawl, crawleeLines, measureCrawlee } from './crawlee-bench.ts';
import { closeConnections, json } from './http-client.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { signIn } from './session.ts';

const TARGET_PAGES_PER_SECOND = 400;
const TARGET_VS_CRAWLEE = 1.5;
const POLL_MS = 100;
const SUCCESS = '3';

/** The part of the crawl report the bench reads. */
interface Report {
  hits: { total: { value: number } };
  counts: Record<string, number>;
  state?: string;
  /** Which run search answers from, and whether the latest is held back by the 10 % guard. */
  publication?: { publishedRunId: number | null; publishedPages: number; latestRunId: number; held: boolean };
}

interface SiteseerCrawl extends SiteRequests {
  /** False: the crawl was still running when the time ran out. */
  finished: boolean;
  /** The crawl's last state in the report (`finished`, `failed`…). */
  state: string;
  /** From `POST datasource/crawler` to the report saying the crawl is over. */
  ms: number;
  timeoutMs: number;
  /** URLs in Success (3), and the frontier's URLs by status code. */
  pages: number;
  urls: number;
  counts: Record<string, number>;
  /** Whether the crawl was published (made searchable), by the report's `publication`. */
  publication: 'published' | 'held' | 'not published' | 'not in the report';
  /** Pages of the published generation, when this crawl's. */
  publishedPages: number | null;
  /** The server process (API, crawl loop, store) before the crawl, and at its peak during it. */
  idleMb: number;
  peakMb: number;
  cpuMsPerPage: number;
}

/** Time for the crawl before it is reported as not finished: 60 s, plus 40 ms a page (25 pages/s). */
function crawlTimeoutMs(pages: number): number {
  return 60_000 + 40 * pages;
}

/** What the report says of the crawl's publication (a finished crawl is published at once, or held). */
function publicationOf(report: Report): Pick<SiteseerCrawl, 'publication' | 'publishedPages'> {
  const p = report.publication;
  if (!p) return { publication: 'not in the report', publishedPages: null };
  if (p.held) return { publication: 'held', publishedPages: null };
  if (p.publishedRunId !== p.latestRunId) return { publication: 'not published', publishedPages: null };
  return { publication: 'published', publishedPages: p.publishedPages };
}

/** A keyword engine crawling the site from `/`, page-load delay none, polled until the crawl is over. */
async function crawl(server: ServerProcess, site: CrawlSite): Promise<SiteseerCrawl> {
  const headers = { authorization: `Bearer ${await signIn(server.base, server.owner)}` };
  const call = <T>(path: string, body: unknown) =>
    json<T>(`${server.base}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const accounts = await json<{ id: string }[]>(`${server.base}/api/accounts`, { headers });
  const accountId = accounts[0]?.id;
  if (!accountId) throw new Error('The owner has no account');
  const settings = { urls: [site.url], pageLoadDelay: '0ms' };
  const engine = await call<{ documentId: string }>('searchengines', {
    ...settings,
    searchEngineType: 'kw',
    accountId,
    searchEngineName: 'Bench crawl',
  });
  const engineId = engine.documentId;
  const idleMb = server.memory().rssMb;
  const timeoutMs = crawlTimeoutMs(site.pages);
  site.reset();
  server.resetPeak();
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  await call('datasource/crawler', { ...settings, accountId, engineId, recreate: true });
  let report: Report;
  for (;;) {
    report = await call<Report>('datasource/crawler/report', { accountId, engineId, resultSize: 1 });
    if (report.state !== 'crawling' || performance.now() - started > timeoutMs) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const ms = performance.now() - started;
  const pages = report.counts[SUCCESS] ?? 0;
  return {
    finished: report.state === 'finished',
    state: report.state ?? 'none',
    ms,
    timeoutMs,
    pages,
    urls: report.hits.total.value,
    counts: report.counts,
    ...publicationOf(report),
    idleMb,
    peakMb: server.memory().peakMb,
    cpuMsPerPage: pages > 0 ? (server.cpuMs() - cpuBefore) / pages : Number.NaN,
    ...site.seen(),
  };
}

/** Our crawler over the site: the API as `pnpm start` runs it, allowed to fetch 127.0.0.1. */
async function measureSiteseer(
  db: Db,
  site: CrawlSite,
  databaseUrl: string | undefined,
): Promise<SiteseerCrawl> {
  const where = await place(db, databaseUrl);
  try {
    log(`${db}: starting the server for the crawl`);
    const server = await ServerProcess.start({
      dataDir: where.dataDir,
      ...(where.database ? { database: where.database } : {}),
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
    });
    try {
      log(`${db}: crawling ${site.pages} pages`);
      return await crawl(server, site);
    } finally {
      await server.stop();
      closeConnections();
    }
  } finally {
    await where.remove();
  }
}

/** The crawl section's lines for one database: speed, memory and CPU, against Crawlee's. */
function crawlLines(db: Db, ours: SiteseerCrawl, crawlee: CrawleeCrawl, sitePages: number): Line[] {
  const perSecond = ours.pages / (ours.ms / 1000);
  const crawleePerSecond = crawlee.pages / (crawlee.ms / 1000);
  const published = ours.publication === 'published' ? `${ours.publishedPages} published` : ours.publication;
  const done = ours.finished
    ? ` (${ours.pages}/${sitePages} pages, ${published})`
    : `: DID NOT FINISH in ${Math.round(ours.timeoutMs / 1000)} s (${ours.state}, ${ours.pages}/${sitePages} pages)`;
  const crawleeBaseline = { name: 'Crawlee', value: crawleePerSecond };
  return [
    {
      db,
      metric: `crawl start→finished${done}`,
      value: perSecond,
      unit: 'pages/s',
      target: { min: TARGET_PAGES_PER_SECOND, label: `≥ ${TARGET_PAGES_PER_SECOND} pages/s` },
      baseline: crawleeBaseline,
    },
    {
      db,
      metric: 'crawl speed / Crawlee speed',
      value: perSecond / crawleePerSecond,
      unit: 'x',
      target: { min: TARGET_VS_CRAWLEE, label: `≥ ${TARGET_VS_CRAWLEE}x` },
    },
    {
      db,
      metric: 'crawl: server peak RSS (API, crawl loop, store)',
      value: ours.peakMb,
      unit: 'MB',
      baseline: { name: 'Crawlee', value: crawlee.peakMb },
    },
    { db, metric: 'crawl: server RSS before the crawl', value: ours.idleMb, unit: 'MB' },
    {
      db,
      // On PostgreSQL the database's own CPU is another process's, not counted here.
      metric: `crawl: server CPU per page (${db === 'pglite' ? 'PGlite included' : 'PostgreSQL not included'})`,
      value: ours.cpuMsPerPage,
      unit: 'ms',
      baseline: { name: 'Crawlee', value: crawlee.cpuMsPerPage },
    },
    {
      db,
      metric: `crawl: paths fetched more than once (of ${ours.requests} requests, ${ours.connections} connections)`,
      value: ours.duplicatePaths,
      unit: 'paths',
      target: { max: 0, label: 'none' },
    },
  ];
}

/** The report call at 100k URLs: every case against its p50 target, with the HTTP floor as baseline. */
function reportLines(db: Db, timings: readonly Timing[]): Line[] {
  const [floor, ...cases] = timings;
  const http = { name: 'http', value: floor?.p50 ?? Number.NaN };
  return cases.map((t) => ({
    db,
    metric: `crawl report at ${URLS / 1000}k URLs: ${t.name} p50`,
    value: t.p50,
    unit: 'ms',
    target: { max: t.targetMs ?? TARGET_P50_MS, label: `≤ ${t.targetMs ?? TARGET_P50_MS} ms` },
    baseline: http,
  }));
}

export interface CrawlResults {
  site: { pages: number; depth: number; bytes: number };
  crawlee: CrawleeCrawl;
  siteseer: Partial<Record<Db, SiteseerCrawl>>;
  report: Partial<Record<Db, Timing[]>>;
}

/**
 * The crawl section: a generated site served from this process, crawled by Crawlee once and by
 * Siteseer on each database, then the report call at 100k URLs on each database.
 */
export async function benchCrawl(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
  pages: number,
): Promise<{ results: CrawlResults; lines: Line[] }> {
  log(`crawl: generating a site of ${pages} pages`);
  const site = await startCrawlSite(pages);
  try {
    log('crawl: Crawlee');
    const crawlee = await measureCrawlee(site);
    const bytes = site.bytes();
    const results: CrawlResults = {
      site: { pages, depth: site.depth, bytes },
      crawlee,
      siteseer: {},
      report: {},
    };
    const lines = crawleeLines(crawlee, pages);
    for (const db of dbs) {
      const ours = await measureSiteseer(db, site, databaseUrl);
      const report = await measureCrawlReport(db, databaseUrl);
      results.siteseer[db] = ours;
      results.report[db] = report;
      lines.push(...crawlLines(db, ours, crawlee, pages), ...reportLines(db, report));
    }
    return { results, lines };
  } finally {
    await site.close();
  }
}
