/**
 * The suggest section of `pnpm bench` (`pnpm bench:suggest`): query suggestions as a visitor types.
 * A keyword engine crawls a generated site of `--suggest-pages` pages (default 50,000) on
 * 127.0.0.1; then `--suggest-queries` distinct queries (default 100,000), each searched and found
 * by 3 visitors, are written with the recorder's own batch statements (so the rollups, their
 * found visitors included, are what recording would have made). 16 concurrent clients then ask
 * `GET /search/{id}/suggest` for prefixes of those queries (one word or two, 1 to 6 letters of the
 * last): p50 and p99 against `GET /search/{id}/config` (the cheapest public call, the baseline),
 * target p99 ≤ 10 ms; the first suggestion's time (the popular queries read into memory); the
 * server's peak memory.
 */

import { insertSearchBatch, SearchBatch } from '@siteseer/test-support/search-events';
import { openStore, type StoreConfig } from '@siteseer/test-support/store';
import { startCrawlSite, WORDS } from './crawl-site.ts';
import { prng } from './dataset.ts';
import { request } from './http-client.ts';
import { createKeywordEngine, startCrawl, trySearch } from './keyword-engine.ts';
import { type Latency, runLoad } from './load.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';

export const SUGGEST_PAGES = 50_000;
export const SUGGEST_QUERIES = 100_000;
const CONCURRENCY = 16;
const REQUESTS = 20_000;
const VISITORS = 3;
const BATCH = 2000;
const TARGET_P99_MS = 10;

export interface SuggestResults {
  pages: number;
  queries: number;
  /** Writing the searches through the batch statements. */
  loadMs: number;
  /** The first suggestion after the server started: its popular queries read into memory. */
  firstMs: number;
  suggest: Latency & { perSecond: number };
  config: Latency & { perSecond: number };
  /** Measured suggestions that offered a popular query (the load is not of empty answers). */
  withQueries: number;
  peakMb: number;
}

/** The query of rank `k`: two words of the site, then a number past the word pairs. */
function queryText(k: number): string {
  const first = WORDS[k % WORDS.length] as string;
  const second = WORDS[Math.floor(k / WORDS.length) % WORDS.length] as string;
  const pairs = WORDS.length * WORDS.length;
  return k < pairs ? `${first} ${second}` : `${first} ${second} ${Math.floor(k / pairs)}`;
}

/** What a visitor has typed of a query: its first word or two, the last cut to 1..6 letters. */
function typed(random: () => number, queries: number): string {
  const words = queryText(Math.floor(random() * queries)).split(' ');
  const whole = random() < 0.5 ? 0 : 1;
  const last = words[whole] as string;
  const prefix = last.slice(0, 1 + Math.floor(random() * Math.min(6, last.length)));
  return [...words.slice(0, whole), prefix].join(' ');
}

/** Writes `queries` distinct queries, each found by VISITORS visitors today, in batches. */
async function loadQueries(
  store: StoreConfig,
  target: { accountId: string; engineId: string; clientId: string },
  queries: number,
): Promise<void> {
  const db = await openStore(store);
  try {
    const now = Date.now();
    for (let from = 0; from < queries * VISITORS; from += BATCH) {
      const batch = new SearchBatch();
      for (let i = from; i < Math.min(from + BATCH, queries * VISITORS); i++) {
        batch.add({
          ...target,
          engineType: 'kw',
          at: new Date(now - 60_000),
          query: queryText(Math.floor(i / VISITORS)),
          tab: 'all',
          filters: null,
          page: 1,
          resultCount: 1 + (i % 40),
          latencyMs: 1,
          visitorId: (i % VISITORS).toString(16).padStart(16, '0'),
        });
      }
      await insertSearchBatch(db, batch);
    }
  } finally {
    await db.close();
  }
}

async function benchOne(db: Db, databaseUrl: string | undefined, pages: number, queries: number) {
  const where = await place(db, databaseUrl);
  const serverOptions = {
    dataDir: where.dataDir,
    ...(where.database ? { database: where.database } : {}),
    env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
  };
  const site = await startCrawlSite(pages);
  try {
    log(`${db}: suggest: crawling ${pages} pages`);
    const first = await ServerProcess.start(serverOptions);
    const owner = first.owner;
    let target: { accountId: string; engineId: string; clientId: string };
    try {
      const engine = await createKeywordEngine(first, 'Bench suggestions', site.url);
      await startCrawl(engine, site.url);
      for (;;) {
        const answer = await trySearch(first.base, engine.clientId, 'search');
        if (answer.status === 200 && answer.total > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      target = { accountId: engine.accountId, engineId: engine.engineId, clientId: engine.clientId };
    } finally {
      await first.stop();
    }

    log(`${db}: suggest: writing ${queries} queries, ${VISITORS} visitors each`);
    const loadStarted = performance.now();
    await loadQueries(
      where.database
        ? { databaseUrl: where.database.url, schema: where.database.schema }
        : { dataDir: where.dataDir },
      target,
      queries,
    );
    const loadMs = performance.now() - loadStarted;

    const server = await ServerProcess.start({ ...serverOptions, owner });
    try {
      const base = `${server.base}/search/${target.clientId}`;
      const firstAnswer = await request(`${base}/suggest?q=sea`);
      if (firstAnswer.status !== 200) throw new Error(`suggest answered ${firstAnswer.status}`);
      server.resetPeak();
      const random = prng(4_200_037);
      const texts = Array.from({ length: REQUESTS * 2 }, () => typed(random, queries));
      let withQueries = 0;
      const load = {
        concurrency: CONCURRENCY,
        requests: REQUESTS,
        warmup: 2000,
        warmupMinMs: 2000,
        warmupMs: 10_000,
        maxMs: 60_000,
      };
      log(`${db}: suggest: ${CONCURRENCY} clients`);
      const suggest = await runLoad({
        ...load,
        send: async (i) => {
          const answer = await request(
            `${base}/suggest?${new URLSearchParams({ q: texts[i % texts.length] as string })}`,
          );
          if (answer.status !== 200) throw new Error(`suggest answered ${answer.status}`);
          // Measured requests only (warm-up ones are numbered from REQUESTS up).
          if (i < REQUESTS && answer.text.includes('"kind":"query"')) withQueries++;
          return answer.ms;
        },
      });
      const config = await runLoad({
        ...load,
        send: async () => {
          const answer = await request(`${base}/config`);
          if (answer.status !== 200) throw new Error(`config answered ${answer.status}`);
          return answer.ms;
        },
      });
      return {
        pages,
        queries,
        loadMs,
        firstMs: firstAnswer.ms,
        suggest,
        config,
        withQueries,
        peakMb: server.memory().peakMb,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await site.close();
    await where.remove();
  }
}

function lines(db: Db, r: SuggestResults): Line[] {
  const at = `${r.pages} pages, ${r.queries} queries`;
  return [
    {
      db,
      metric: `suggest p50 (${at})`,
      value: r.suggest.p50,
      unit: 'ms',
      baseline: { name: 'config', value: r.config.p50 },
    },
    {
      db,
      metric: `suggest p99 (${at})`,
      value: r.suggest.p99,
      unit: 'ms',
      target: { max: TARGET_P99_MS, label: `<= ${TARGET_P99_MS} ms` },
      baseline: { name: 'config', value: r.config.p99 },
    },
    {
      db,
      metric: 'suggest throughput',
      value: r.suggest.perSecond,
      unit: 'q/s',
      baseline: { name: 'config', value: r.config.perSecond },
    },
    { db, metric: 'first suggestion (popular queries read)', value: r.firstMs, unit: 'ms' },
    { db, metric: 'suggestions with popular queries', value: r.withQueries, unit: 'searches' },
    { db, metric: 'searches written (3 visitors a query)', value: r.loadMs, unit: 'ms' },
    { db, metric: 'suggest server peak RSS', value: r.peakMb, unit: 'MB' },
  ];
}

/** Runs the section on each database. */
export async function benchSuggest(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
  options: { pages: number; queries: number },
): Promise<{ results: Partial<Record<Db, SuggestResults>>; lines: Line[] }> {
  const results: Partial<Record<Db, SuggestResults>> = {};
  const all: Line[] = [];
  for (const db of dbs) {
    const r = await benchOne(db, databaseUrl, options.pages, options.queries);
    results[db] = r;
    all.push(...lines(db, r));
  }
  return { results, lines: all };
}
