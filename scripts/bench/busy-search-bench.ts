/**
 * The busy-search section (issue 34, item 4): a visitor's search must not pay for the owner's
 * crawl. One server holds a keyword engine (a crawled site of SMALL_SITE_PAGES pages) and a
 * parametric engine (BUSY_IMPORT_ROWS products from an XLSX), both published. Visitors' searches
 * (busy-search-mix.ts) arrive open-loop at PER_SECOND, each latency counted from when it was due,
 * first for `seconds` with nothing else running (the baseline), then while the keyword engine
 * re-crawls a generated site of `pages` pages (20,000) on 127.0.0.1 and the parametric engine
 * takes a new version of its XLSX (upload + publish), until both are searchable (at least
 * `seconds`). The searches come from a process of their own; no pause between the two windows.
 */
import { fork } from 'node:child_process';
import type { BusyLoadMessage, BusyLoadOptions } from './busy-search-process.ts';
import { startCrawlSite } from './crawl-site.ts';
import { BUSY_IMPORT_ROWS, busyImportXlsx } from './files.ts';
import { closeConnections, json } from './http-client.ts';
import { untilSearchable } from './import-bench.ts';
import {
  crawlReport,
  createKeywordEngine,
  type KeywordEngine,
  keywordSearch,
  startCrawl,
} from './keyword-engine.ts';
import type { OpenWindow } from './load.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { ingest, ownerApiKey, signIn } from './session.ts';

/** The issue's load: 200 searches a second. */
const PER_SECOND = 200;
export const BUSY_SECONDS = 30;
export const BUSY_PAGES = 20_000;
/** The site the keyword engine is first published from (searched in both windows until re-crawled). */
export const SMALL_SITE_PAGES = 2_000;
/**
 * Connections at most: visitors each have their own, so a search that waits must not hold up the
 * others behind it in a small shared pool (with 32, a stalled kind of search stalled both).
 */
const CONNECTIONS = 256;
const WARMUP_MS = 5_000;
const POLL_MS = 200;
const TARGET_P95_MS = 50;
const TARGET_P99_MS = 150;
/** A word on every page of both sites: its total tells the re-crawled generation from the first. */
const COMMON_WORD = 'search';

interface BusyWork {
  /** The re-crawl: finished (else still crawling when the window's time ran out), pages, time. */
  crawlFinished: boolean;
  crawlPages: number;
  /** From the crawl call to its pages being searchable (the new generation's index built). */
  crawlMs: number;
  /** Upload → the new version searchable; NaN when the server refused it (`importRefused` says why). */
  importMs: number;
  importRefused?: string;
}

export interface BusySearchResults {
  pages: number;
  rows: number;
  perSecond: number;
  alone: OpenWindow & { peakMb: number; seconds: number };
  busy: OpenWindow & { peakMb: number; seconds: number };
  work: BusyWork;
}

/** The visitors' process, with a window at a time: `measure()`, then `result()`. */
async function startVisitors(options: BusyLoadOptions) {
  const child = fork(new URL('./busy-search-process.ts', import.meta.url), [JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`The visitors' process exited with ${code}`)));
  });
  exited.catch(() => undefined);
  const next = (type: string) =>
    Promise.race([
      new Promise<unknown>((resolve) => {
        const on = (message: { type: string; result?: unknown }) => {
          if (message.type !== type) return;
          child.off('message', on);
          resolve(message.result);
        };
        child.on('message', on);
      }),
      exited,
    ]);
  const send = (message: BusyLoadMessage) => child.send(message);
  await next('ready');
  return {
    measure: () => send('measure'),
    async result(): Promise<OpenWindow> {
      const result = next('result');
      send('result');
      return (await result) as OpenWindow;
    },
    async stop(): Promise<void> {
      const stopped = next('stopped');
      send('stop');
      await stopped;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the crawl report until the crawl is over, then searches until its pages are searchable. */
async function recrawl(
  base: string,
  engine: KeywordEngine,
  url: string,
  oldTotal: number,
  timeoutMs: number,
): Promise<Omit<BusyWork, 'importMs'>> {
  const started = performance.now();
  await startCrawl(engine, url);
  let report = await crawlReport(engine);
  while (report.state === 'crawling' && performance.now() - started < timeoutMs) {
    await sleep(POLL_MS);
    report = await crawlReport(engine);
  }
  const crawlPages = report.counts['3'] ?? 0;
  if (report.state !== 'finished') return { crawlFinished: false, crawlPages, crawlMs: Number.NaN };
  while ((await keywordSearch(base, engine.clientId, COMMON_WORD)).total <= oldTotal) {
    if (performance.now() - started > timeoutMs)
      throw new Error('The re-crawled pages never became searchable');
    await sleep(POLL_MS);
  }
  return { crawlFinished: true, crawlPages, crawlMs: performance.now() - started };
}

async function measureDb(
  db: Db,
  databaseUrl: string | undefined,
  sites: { small: string; large: string },
  xlsx: Uint8Array,
  options: { seconds: number; pages: number },
): Promise<BusySearchResults> {
  const where = await place(db, databaseUrl);
  try {
    log(`${db}: busy search: starting the server`);
    const server = await ServerProcess.start({
      dataDir: where.dataDir,
      ...(where.database ? { database: where.database } : {}),
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
    });
    try {
      const file = { name: 'products.xlsx', bytes: xlsx };
      log(`${db}: busy search: crawling ${SMALL_SITE_PAGES} pages, importing ${BUSY_IMPORT_ROWS} rows`);
      const engine = await createKeywordEngine(server, 'Bench busy keyword', sites.small);
      const first = await recrawl(server.base, engine, sites.small, 0, 300_000);
      if (!first.crawlFinished) throw new Error('The first crawl did not finish');
      const oldTotal = (await keywordSearch(server.base, engine.clientId, COMMON_WORD)).total;
      const apiKey = await ownerApiKey(server.base, await signIn(server.base, server.owner));
      const parametric = await ingest(server.base, apiKey, file, { newEngine: 'Bench busy parametric' });
      await untilSearchable(server.base, parametric);
      // Its words' index is made on the first text search: made here, not in the baseline's window.
      await json(`${server.base}/search/${parametric.clientId}/query`, {
        method: 'POST',
        body: JSON.stringify({ q: 'sensor' }),
      });

      const visitors = await startVisitors({
        base: server.base,
        keywordClientId: engine.clientId,
        parametricClientId: parametric.clientId,
        perSecond: PER_SECOND,
        connections: CONNECTIONS,
      });
      try {
        await sleep(WARMUP_MS);
        log(`${db}: busy search: ${PER_SECOND} searches/s alone for ${options.seconds} s`);
        server.resetPeak();
        let from = performance.now();
        visitors.measure();
        await sleep(options.seconds * 1000);
        const alone = {
          ...(await visitors.result()),
          peakMb: server.memory().peakMb,
          seconds: (performance.now() - from) / 1000,
        };
        log(`${db}: busy search: the same beside a crawl of ${options.pages} pages and an import`);
        server.resetPeak();
        from = performance.now();
        visitors.measure();
        const crawl = recrawl(server.base, engine, sites.large, oldTotal, 60_000 + 40 * options.pages);
        const imported = ingest(server.base, apiKey, file, { engineId: parametric.engineId })
          .then((ingested) => untilSearchable(server.base, ingested))
          .then(
            () => ({ importMs: performance.now() - from }),
            // A figure, not the end of the run: on a starved machine the server may refuse the file
            // (it took longer than its parse time limit), and the searches' figures still stand.
            (error: unknown) => ({ importMs: Number.NaN, importRefused: (error as Error).message }),
          );
        const [crawled, importWork] = await Promise.all([crawl, imported, sleep(options.seconds * 1000)]);
        const busy = {
          ...(await visitors.result()),
          peakMb: server.memory().peakMb,
          seconds: (performance.now() - from) / 1000,
        };
        return {
          pages: options.pages,
          rows: BUSY_IMPORT_ROWS,
          perSecond: PER_SECOND,
          alone,
          busy,
          work: { ...crawled, ...importWork },
        };
      } finally {
        await visitors.stop();
      }
    } finally {
      await server.stop();
      closeConnections();
    }
  } finally {
    await where.remove();
  }
}

function busyLines(db: Db, r: BusySearchResults): Line[] {
  const { alone, busy, work } = r;
  const beside = `beside a ${r.pages}-page crawl + ${r.rows}-row import`;
  const base = (name: 'p50' | 'p95' | 'p99' | 'max') => ({
    name: 'alone',
    value: alone[name],
  });
  const crawl = work.crawlFinished
    ? `${work.crawlPages} pages in ${Math.round(work.crawlMs / 1000)} s`
    : `DID NOT FINISH: ${work.crawlPages} pages`;
  return [
    { db, metric: `search ${r.perSecond}/s alone p50`, value: alone.p50, unit: 'ms' },
    { db, metric: `search ${r.perSecond}/s alone p95`, value: alone.p95, unit: 'ms' },
    { db, metric: `search ${r.perSecond}/s alone p99`, value: alone.p99, unit: 'ms' },
    { db, metric: `search ${r.perSecond}/s alone max`, value: alone.max, unit: 'ms' },
    { db, metric: `search ${beside} p50`, value: busy.p50, unit: 'ms', baseline: base('p50') },
    {
      db,
      metric: `search ${beside} p95`,
      value: busy.p95,
      unit: 'ms',
      target: { max: TARGET_P95_MS, label: `≤ ${TARGET_P95_MS} ms` },
      baseline: base('p95'),
    },
    {
      db,
      metric: `search ${beside} p99`,
      value: busy.p99,
      unit: 'ms',
      target: { max: TARGET_P99_MS, label: `≤ ${TARGET_P99_MS} ms` },
      baseline: base('p99'),
    },
    { db, metric: `search ${beside} max`, value: busy.max, unit: 'ms', baseline: base('max') },
    {
      db,
      metric: `searches failed (of ${alone.n + alone.failed} alone, ${busy.n + busy.failed} beside)`,
      value: alone.failed + busy.failed,
      unit: 'searches',
      target: { max: 0, label: 'none' },
    },
    {
      db,
      metric: `busy: crawl beside the searches (${crawl}, to searchable)`,
      value: work.crawlPages / (work.crawlMs / 1000),
      unit: 'pages/s',
    },
    {
      db,
      metric: `busy: XLSX upload→searchable beside the searches${work.importRefused ? ` (REFUSED: ${work.importRefused.slice(0, 160)})` : ''}`,
      value: work.importMs,
      unit: 'ms',
    },
    {
      db,
      metric: 'busy: server peak RSS',
      value: busy.peakMb,
      unit: 'MB',
      baseline: { name: 'alone', value: alone.peakMb },
    },
  ];
}

/** The section on each database: the two sites served from this process, the XLSX made once. */
export async function benchBusySearch(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
  options: { seconds: number; pages: number },
): Promise<{ results: Partial<Record<Db, BusySearchResults>>; lines: Line[] }> {
  log(`busy search: generating sites of ${SMALL_SITE_PAGES} and ${options.pages} pages and the XLSX`);
  const xlsx = await busyImportXlsx();
  const small = await startCrawlSite(SMALL_SITE_PAGES);
  const large = await startCrawlSite(options.pages);
  try {
    const results: Partial<Record<Db, BusySearchResults>> = {};
    const lines: Line[] = [];
    for (const db of dbs) {
      const r = await measureDb(db, databaseUrl, { small: small.url, large: large.url }, xlsx, options);
      results[db] = r;
      lines.push(...busyLines(db, r));
    }
    return { results, lines };
  } finally {
    await Promise.all([small.close(), large.close()]);
  }
}
