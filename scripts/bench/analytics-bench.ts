/**
 * The analytics section of `pnpm bench` (`pnpm bench:analytics`):
 * - what recording costs a search: parametric search p50 at 16 concurrent clients with recording
 *   off (the baseline) and on: two servers of the same engine, one of each, both up the whole
 *   time, searched in turn for WINDOW_MS each, in COST_PAIRS pairs of windows (off-on, on-off,
 *   ...: the drift of a shared machine, which moves p50 by ±15 % over a minute, falls on both
 *   windows of a pair), the median of the pairs' ratios held to ≤ 1.05; and the server's CPU time
 *   per 1,000 searches;
 * - reports at scale: 1 million searches and 200k clicks of one keyword client over 90 days,
 *   written with the recorder's own batch statements (rows/s), then each report of
 *   GET analytics/{engineId}/report, four card frames and the two dashboards, 90 days, p50 and p95
 *   of sequential calls, target ≤ 200 ms p95 for each report and card (a dashboard, several reports
 *   and charts, is shown without one); the server's peak memory in each part.
 */

import { cpSync, rmSync } from 'node:fs';
import { CLICKS, DAYS, type LoadResult, loadRecords, SEARCHES } from './analytics-data.ts';
import { makeTable, SEARCH_HEADERS, searchCells, toCsv } from './dataset.ts';
import { request } from './http-client.ts';
import { type Latency, latency, runLoad } from './load.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { textQuery } from './search-bench.ts';
import { ServerProcess } from './server-process.ts';
import { ingest, ownerApiKey, signIn } from './session.ts';

const SEARCH_ROWS = 5_000;
const CONCURRENCY = 16;
const COST_TARGET = 1.05;
const REPORT_TARGET_MS = 200;
/** Calls of each report measured (after WARMUP), one at a time: what one person waits. */
const CALLS = 100;
const WARMUP = 5;
/**
 * The server's threads by what they do, by the names Node gives them: the event loop (searches,
 * the recorder's rows and batches), PGlite's worker (every statement, the recorder's included;
 * idle on PostgreSQL, whose server is another process), the garbage collector's helpers.
 */
const THREADS = { main: 'MainThread', pglite: 'WorkerThread', gc: 'V8Worker' } as const;
type ThreadCpu = Record<keyof typeof THREADS, number>;
const THREAD_LABELS: Record<keyof typeof THREADS, string> = {
  main: 'the event loop',
  pglite: "PGlite's worker",
  gc: "the garbage collector's helpers",
};

/** Off/on pairs of load windows of the recording-cost part, and the length of a window. */
const COST_PAIRS = 12;
const WINDOW_MS = 8_000;
const REPORTS = ['summary', 'top-queries', 'zero-results', 'clicks'] as const;
/** Card frames measured: their reports plus the page and its charts (ECharts, light and dark). */
const CARDS = ['searches-over-time', 'top-queries', 'zero-result-queries', 'top-clicked-results'] as const;
const DASHBOARDS = ['overview', 'content-gaps'] as const;

export interface AnalyticsResults {
  searchP50: { off: number[]; on: number[] };
  /** Server CPU ms per 1,000 searches (all its threads, the recorder's writes included). */
  searchCpu: { off: number[]; on: number[] };
  /** The same by kind of thread (THREADS), ms per 1,000 searches: where recording's cost goes. */
  searchThreadCpu: { off: ThreadCpu[]; on: ThreadCpu[] };
  searchPeakMb: { off: number; on: number };
  load: LoadResult;
  reports: Record<string, Latency>;
  reportPeakMb: number;
}

interface Created {
  accountId: string;
  keyword: { engineId: string; clientId: string };
  parametric: { engineId: string; clientId: string };
}

/** A keyword engine (the analytics records' client) and a parametric one to search, made over the API. */
async function createEngines(server: ServerProcess): Promise<Created> {
  const token = await signIn(server.base, server.owner);
  const authorization = `Bearer ${token}`;
  const accounts = JSON.parse(
    (await request(`${server.base}/api/accounts`, { headers: { authorization } })).text,
  );
  const accountId = accounts[0].id as string;
  const created = await request(`${server.base}/api/searchengines`, {
    method: 'POST',
    headers: { authorization },
    body: JSON.stringify({
      searchEngineType: 'kw',
      accountId,
      searchEngineName: 'Bench analytics',
      urls: ['https://docs.example.test/'],
    }),
  });
  if (created.status !== 200) throw new Error(`Creating the keyword engine: ${created.text}`);
  const { documentId, clientId } = JSON.parse(created.text);
  const csv = toCsv(makeTable(SEARCH_HEADERS, searchCells, { rows: SEARCH_ROWS }));
  const pm = await ingest(
    server.base,
    await ownerApiKey(server.base, token),
    { name: 'search.csv', bytes: csv },
    {
      newEngine: 'Bench recording',
    },
  );
  return { accountId, keyword: { engineId: documentId, clientId }, parametric: pm };
}

/** Column ids by label, from the engine's public config. */
async function columnIds(base: string, clientId: string): Promise<(label: string) => string> {
  const config = JSON.parse((await request(`${base}/search/${clientId}/config`)).text) as {
    columns: { id: string; label: string }[];
  };
  const ids = new Map(config.columns.map((c) => [c.label, c.id]));
  return (label) => ids.get(label) ?? label;
}

/**
 * Parametric searches (text, filters, sort) at CONCURRENCY clients: the p50, and the server's CPU
 * per 1,000 searches (read a flush interval after the load, so the last batch is written).
 */
async function searchP50(
  server: ServerProcess,
  clientId: string,
): Promise<{ p50: number; cpu: number; threads: ThreadCpu }> {
  const base = server.base;
  const id = await columnIds(base, clientId);
  let sent = 0;
  const cpuBefore = server.cpuMs();
  const threadsBefore = server.threadCpuMs();
  const load = await runLoad({
    concurrency: CONCURRENCY,
    // The server is warm (it was searched before, see benchOne): enough to open the connections.
    warmup: 200,
    warmupMinMs: 500,
    warmupMs: 2000,
    // Seconds of searches, not a fraction of one: the recorder writes a batch every two seconds at
    // most, so each measured window holds several of its writes.
    requests: 30_000,
    maxMs: WINDOW_MS,
    send: async (i) => {
      sent++;
      const answer = await request(`${base}/search/${clientId}/query`, {
        method: 'POST',
        body: JSON.stringify(textQuery(i, id)),
      });
      if (answer.status !== 200) throw new Error(`Search answered ${answer.status}`);
      return answer.ms;
    },
  });
  // The recorder's last batch (it waits up to two seconds) is written, and its CPU counted.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const threadsAfter = server.threadCpuMs();
  const perThousand = (name: string) =>
    (((threadsAfter.get(name) ?? 0) - (threadsBefore.get(name) ?? 0)) / sent) * 1000;
  return {
    p50: load.p50,
    cpu: ((server.cpuMs() - cpuBefore) / sent) * 1000,
    threads: {
      main: perThousand(THREADS.main),
      pglite: perThousand(THREADS.pglite),
      gc: perThousand(THREADS.gc),
    },
  };
}

/** `CALLS` sequential calls of `url` after a warm-up: their latency. */
async function sequential(url: string, headers: Record<string, string>): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const answer = await request(url, { headers });
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
    if (i >= WARMUP) samples.push(answer.ms);
  }
  return latency(samples);
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(mid)] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function benchOne(db: Db, databaseUrl: string | undefined): Promise<AnalyticsResults> {
  const where = await place(db, databaseUrl);
  const serverOptions = {
    dataDir: where.dataDir,
    ...(where.database ? { database: where.database } : {}),
  };
  try {
    log(`${db}: analytics: creating the engines`);
    const first = await ServerProcess.start(serverOptions);
    const owner = first.owner;
    let created: Created;
    try {
      created = await createEngines(first);
    } finally {
      await first.stop();
    }

    const searchP50s = { off: [] as number[], on: [] as number[] };
    const searchCpu = { off: [] as number[], on: [] as number[] };
    const searchThreadCpu = { off: [] as ThreadCpu[], on: [] as ThreadCpu[] };
    const searchPeakMb = { off: 0, on: 0 };
    const modes = Array.from({ length: COST_PAIRS }, (_, i) =>
      i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const),
    ).flat();
    // A server for each mode, up through all the windows. On PGlite each has its copy of the data
    // (a data directory is one process's); on PostgreSQL they share the schema (the off server
    // writes nothing).
    const offDir = `${where.dataDir}-off`;
    cpSync(where.dataDir, offDir, { recursive: true });
    const servers: Partial<Record<'on' | 'off', ServerProcess>> = {};
    try {
      for (const mode of ['off', 'on'] as const) {
        servers[mode] = await ServerProcess.start({
          ...serverOptions,
          ...(mode === 'off' ? { dataDir: offDir } : {}),
          owner,
          env: { SITESEER_SEARCH_RECORDING: mode },
        });
      }
      log(`${db}: analytics: warming both servers`);
      for (const mode of ['off', 'on'] as const)
        await searchP50(servers[mode] as ServerProcess, created.parametric.clientId);
      log(`${db}: analytics: search p50 with recording off and on, ${COST_PAIRS} pairs of windows`);
      for (const mode of modes) {
        const server = servers[mode] as ServerProcess;
        const run = await searchP50(server, created.parametric.clientId);
        searchP50s[mode].push(run.p50);
        searchCpu[mode].push(run.cpu);
        searchThreadCpu[mode].push(run.threads);
        searchPeakMb[mode] = Math.max(searchPeakMb[mode], server.memory().peakMb);
      }
    } finally {
      for (const server of Object.values(servers)) await server.stop();
      rmSync(offDir, { recursive: true, force: true });
    }

    log(`${db}: analytics: writing ${SEARCHES} searches and ${CLICKS} clicks over ${DAYS} days`);
    const load = await loadRecords(
      where.database
        ? { databaseUrl: where.database.url, schema: where.database.schema }
        : { dataDir: where.dataDir },
      { accountId: created.accountId, ...created.keyword },
    );
    log(
      `${db}: analytics: ${load.searches} searches, ${load.clicks} clicks in ${Math.round(load.ms)} ms; ` +
        `rollup rows: ${JSON.stringify(load.rollupRows)}`,
    );

    log(`${db}: analytics: reports`);
    const server = await ServerProcess.start({ ...serverOptions, owner });
    try {
      const token = await signIn(server.base, owner);
      const authorization = `Bearer ${token}`;
      const reports: Record<string, Latency> = {};
      server.resetPeak();
      const period = 'period=90d';
      for (const report of REPORTS) {
        reports[report] = await sequential(
          `${server.base}/api/analytics/${created.keyword.engineId}/report?report=${report}&${period}`,
          { authorization },
        );
      }
      const frameCookie = await sessionCookie(server.base, authorization);
      for (const card of CARDS) {
        reports[`card ${card}`] = await sequential(
          `${server.base}/api/analytics/${created.keyword.clientId}/card/${card}?${period}`,
          { cookie: frameCookie },
        );
      }
      for (const dashboard of DASHBOARDS) {
        reports[`dashboard ${dashboard}`] = await sequential(
          `${server.base}/api/analytics/${created.keyword.clientId}/dashboard/${dashboard}?${period}`,
          { cookie: frameCookie },
        );
      }
      return {
        searchP50: searchP50s,
        searchCpu,
        searchThreadCpu,
        searchPeakMb,
        load,
        reports,
        reportPeakMb: server.memory().peakMb,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await where.remove();
  }
}

/** The frame-session cookie (POST analytics/session), as the browser would send it back. */
async function sessionCookie(base: string, authorization: string): Promise<string> {
  const { default: http } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/analytics/session`,
      { method: 'POST', headers: { authorization } },
      (res) => {
        res.resume();
        const set = res.headers['set-cookie']?.[0] ?? '';
        if (res.statusCode !== 200 || !set) reject(new Error(`analytics/session answered ${res.statusCode}`));
        else resolve(set.split(';')[0] as string);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function lines(db: Db, r: AnalyticsResults): Line[] {
  const off = median(r.searchP50.off);
  const on = median(r.searchP50.on);
  // Each pair's two runs are next to each other in time, so the machine's drift over the section
  // (which moves p50 by more than the cost measured) falls on both: the median of the pairs' ratios.
  const ratios = r.searchP50.on.map((value, i) => value / (r.searchP50.off[i] ?? value));
  const out: Line[] = [
    {
      db,
      metric:
        `analytics: search p50 recording on / off (${CONCURRENCY} clients, ${SEARCH_ROWS} rows; median of ` +
        `${ratios.length} adjacent pairs' ratios, ${ratios.map((x) => x.toFixed(2)).join(' ')}; ` +
        `medians on ${on.toFixed(2)} ms, off ${off.toFixed(2)} ms)`,
      value: median(ratios),
      unit: 'x',
      target: { max: COST_TARGET, label: `≤ ${COST_TARGET}x` },
    },
    {
      db,
      metric: 'analytics: server CPU per 1,000 searches, recording on (median)',
      value: median(r.searchCpu.on),
      unit: 'ms',
      baseline: { name: 'recording off', value: median(r.searchCpu.off) },
    },
    ...(Object.keys(THREADS) as (keyof typeof THREADS)[]).map(
      (kind): Line => ({
        db,
        metric: `analytics: ... of which ${THREAD_LABELS[kind]}, recording on (median)`,
        value: median(r.searchThreadCpu.on.map((t) => t[kind])),
        unit: 'ms',
        baseline: { name: 'recording off', value: median(r.searchThreadCpu.off.map((t) => t[kind])) },
      }),
    ),
    { db, metric: 'analytics: search peak RSS, recording on', value: r.searchPeakMb.on, unit: 'MB' },
    {
      db,
      metric: `analytics: writing ${r.load.searches} searches + ${r.load.clicks} clicks (batch statements)`,
      value: r.load.rowsPerSecond,
      unit: 'q/s',
    },
  ];
  for (const [name, l] of Object.entries(r.reports)) {
    // A dashboard runs several reports (and draws several charts): shown, not held to one report's target.
    const dashboard = name.startsWith('dashboard');
    out.push({
      db,
      metric: `analytics: ${name}${dashboard ? ' (several reports)' : ''}, 90 days, p95 (p50 ${l.p50.toFixed(1)} ms)`,
      value: l.p95,
      unit: 'ms',
      ...(dashboard ? {} : { target: { max: REPORT_TARGET_MS, label: `≤ ${REPORT_TARGET_MS} ms` } }),
    });
  }
  out.push({ db, metric: 'analytics: server peak RSS during reports', value: r.reportPeakMb, unit: 'MB' });
  return out;
}

/** The section: each database's results and lines. */
export async function benchAnalytics(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
): Promise<{ results: Partial<Record<Db, AnalyticsResults>>; lines: Line[] }> {
  const results: Partial<Record<Db, AnalyticsResults>> = {};
  const all: Line[] = [];
  for (const db of dbs) {
    const r = await benchOne(db, databaseUrl);
    results[db] = r;
    all.push(...lines(db, r));
    const figures = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(' ');
    log(
      `${db}: analytics: search p50 ms off ${figures(r.searchP50.off, 2)} / on ${figures(r.searchP50.on, 2)}; ` +
        `CPU ms per 1,000 searches off ${figures(r.searchCpu.off, 0)} / on ${figures(r.searchCpu.on, 0)}`,
    );
  }
  return { results, lines: all };
}
