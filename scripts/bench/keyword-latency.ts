/**
 * The keyword section's latency part: a keyword engine with N generated pages (keyword-corpus.ts,
 * 50,000 by default) in a published crawl, searched over HTTP by 16 concurrent clients with a mix
 * of exact, multi-word, prefix and typo queries (keyword-query-mix.ts), against the same loop
 * calling GET /search/{clientId}/config of the same server (HTTP and routing without a search).
 * The 16 closed-loop clients keep the server saturated, so their latency is 16 / throughput; the
 * same mix is also sent open-loop at OPEN_PER_SECOND, latency counted from when each search was
 * due (what a visitor waits at that rate), and from one client alone (a search's own cost).
 *
 * The pages are loaded with COPY into the engine's running crawl while the server is stopped, and
 * published by the crawl loop's own `finishCrawlRun`; the server is then started again (crawl
 * worker off: no fetch; its inspector on) and its first search builds the index. The runtime
 * reports no index size: memory is the server's live memory (keyword-heap.ts) before and after
 * that first search (the text stays in the store), and its RSS.
 */

import { Agent } from 'node:http';
import { request } from './http-client.ts';
import { CORPUS_BASE, corpusPages, type SourcePage } from './keyword-corpus.ts';
import { createKeywordEngine, keywordSearch, startCrawl } from './keyword-engine.ts';
import { type LiveMemory, liveMemory } from './keyword-heap.ts';
import { mixQuery, QUERY_KINDS, type QueryKind } from './keyword-query-mix.ts';
import { loadAndPublish, openServerStore } from './keyword-store.ts';
import { type Latency, type LoadOptions, latency, runLoad, runOpenLoad } from './load.ts';
import { type Db, type Place, place } from './place.ts';
import { log } from './report.ts';
import { type Credentials, ServerProcess } from './server-process.ts';

export const CONCURRENCY = 16;
export const LOAD_SECONDS = 15;
/**
 * The open load's rate: a busy site's searches at their peak (8.6 million a day), arriving
 * whether or not the last ones answered, over CONCURRENCY connections.
 */
export const OPEN_PER_SECOND = 100;
/** The open load's first query number: past the 16-client load's and the one-client load's. */
const OPEN_FIRST_QUERY = 1_000_000_000;
/** The one-client load's first query number: past any the 16-client load reaches. */
const SINGLE_FIRST_QUERY = 2_000_000_000;

interface KeywordLoad extends Latency {
  perSecond: number;
}

export interface LatencyResults {
  pages: number;
  /** COPY of the pages and the publish, from the bench process (not a server figure). */
  loadMs: number;
  /** The server's memory before the first search, right after it, and at the end of the loads. */
  before: LiveMemory;
  afterFirst: LiveMemory;
  afterLoad: LiveMemory;
  /** The server's peak RSS during the first search (index build). */
  peakFirstMb: number;
  /** The first search after the restart: the index built from the store, then the search. */
  firstSearchMs: number;
  /** The same query a second time (the index built). */
  secondSearchMs: number;
  baseline: KeywordLoad;
  mix: KeywordLoad;
  /** The server's own time of the mix's searches (their `took`): the rest is HTTP and queueing. */
  took: Latency;
  byKind: Record<QueryKind, Latency>;
  /** The same mix from one client (no queueing), overall and per kind. */
  single: KeywordLoad;
  singleByKind: Record<QueryKind, Latency>;
  /** Share of the 16-client load's searches whose text had been sent before (cacheable answers). */
  repeatedShare: number;
  /** The 16-client load's searches whose text had not been sent before: no answer cached for them. */
  fresh: Latency;
  /** The mix arriving at OPEN_PER_SECOND (open loop): latency from when each search was due. */
  open: KeywordLoad;
}

function loadOptions(seconds: number): Omit<LoadOptions, 'send'> {
  return {
    concurrency: CONCURRENCY,
    warmup: 200,
    warmupMinMs: 3000,
    warmupMs: 8000,
    // Time-bound: as many requests as the seconds allow.
    requests: 1_000_000_000,
    maxMs: seconds * 1000,
  };
}

/** An engine with a running crawl (nothing fetched: the worker is off), and the owner's logins. */
async function emptyEngine(db: Db, where: Place) {
  const server = await ServerProcess.start({
    dataDir: where.dataDir,
    ...(where.database ? { database: where.database } : {}),
    env: { SITESEER_CRAWL_WORKER: 'off' },
  });
  try {
    log(`${db}: keyword latency: creating the engine`);
    const engine = await createKeywordEngine(server, 'Bench keyword latency', CORPUS_BASE);
    await startCrawl(engine, CORPUS_BASE);
    return { engine, owner: server.owner };
  } finally {
    await server.stop();
  }
}

/**
 * The query mix under `concurrency` clients, from query number `first` on: latency over HTTP, per
 * kind, the server's own time, and the share of measured searches whose text the server was sent
 * before (`sent`, across loads): those may be answered from its cache of answers.
 */
async function mixLoad(
  base: string,
  clientId: string,
  sources: readonly SourcePage[],
  options: Omit<LoadOptions, 'send'>,
  first: number,
  sent: Set<string>,
) {
  const samples = new Map<QueryKind, number[]>(QUERY_KINDS.map((kind) => [kind, []]));
  const took: number[] = [];
  const fresh: number[] = [];
  let repeated = 0;
  const load = await runLoad({
    ...options,
    send: async (i) => {
      const query = mixQuery(sources, first + i);
      const seen = sent.has(query.q);
      sent.add(query.q);
      const answer = await keywordSearch(base, clientId, query.q);
      // Warm-up requests are numbered from `requests` up: not measured.
      if (i < options.requests) {
        samples.get(query.kind)?.push(answer.ms);
        took.push(answer.took);
        if (seen) repeated += 1;
        else fresh.push(answer.ms);
      }
      return answer.ms;
    },
  });
  const byKind = Object.fromEntries(
    QUERY_KINDS.map((kind) => [kind, latency(samples.get(kind) ?? [])]),
  ) as Record<QueryKind, Latency>;
  return {
    load,
    took: latency(took),
    byKind,
    repeatedShare: load.n > 0 ? repeated / load.n : 0,
    fresh: latency(fresh),
  };
}

/** The mix sent at OPEN_PER_SECOND for `seconds` (after a few seconds' warm-up), over 16 connections. */
async function openLoad(
  base: string,
  clientId: string,
  sources: readonly SourcePage[],
  seconds: number,
): Promise<KeywordLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    return await runOpenLoad({
      perSecond: OPEN_PER_SECOND,
      warmupMs: 3000,
      maxMs: seconds * 1000,
      send: async (i) => {
        await keywordSearch(base, clientId, mixQuery(sources, OPEN_FIRST_QUERY + i).q, 10, agent);
      },
    });
  } finally {
    agent.destroy();
  }
}

async function measureLoads(
  server: ServerProcess,
  clientId: string,
  sources: readonly SourcePage[],
  seconds: number,
) {
  const options = loadOptions(seconds);
  const baseline = await runLoad({
    ...options,
    send: async () => {
      const answer = await request(`${server.base}/search/${clientId}/config`);
      if (answer.status !== 200) throw new Error(`GET config answered ${answer.status}`);
      return answer.ms;
    },
  });
  const sent = new Set<string>();
  const mix = await mixLoad(server.base, clientId, sources, options, 0, sent);
  // One client, a third of the time, queries of its own: a search's cost without queueing.
  const single = await mixLoad(
    server.base,
    clientId,
    sources,
    { ...options, concurrency: 1, warmup: 20, warmupMinMs: 500, maxMs: Math.max(1000, options.maxMs / 3) },
    SINGLE_FIRST_QUERY,
    sent,
  );
  const open = await openLoad(server.base, clientId, sources, seconds);
  return {
    open,
    baseline,
    mix: mix.load,
    took: mix.took,
    byKind: mix.byKind,
    repeatedShare: mix.repeatedShare,
    fresh: mix.fresh,
    single: single.load,
    singleByKind: single.byKind,
  };
}

/** The latency part on one database. */
export async function measureLatency(
  db: Db,
  databaseUrl: string | undefined,
  sources: readonly SourcePage[],
  pages: number,
  seconds: number,
): Promise<LatencyResults> {
  const where = await place(db, databaseUrl);
  try {
    const { engine, owner } = await emptyEngine(db, where);
    log(`${db}: keyword latency: loading ${pages} pages into the crawl and publishing it`);
    const store = await openServerStore(where);
    const loadStarted = performance.now();
    try {
      await loadAndPublish(store, engine, corpusPages(sources, pages));
    } finally {
      await store.close();
    }
    const loadMs = performance.now() - loadStarted;
    log(`${db}: keyword latency: ${pages} pages published in ${Math.round(loadMs)} ms; starting the server`);
    const server = await restart(where, owner);
    try {
      const memory = () => liveMemory(server.inspectorUrl as string);
      const before = await memory();
      server.resetPeak();
      const first = await keywordSearch(server.base, engine.clientId, 'python');
      if (first.total === 0) throw new Error('The first search found no page of the published crawl');
      const peakFirstMb = server.memory().peakMb;
      const afterFirst = await memory();
      const second = await keywordSearch(server.base, engine.clientId, 'python');
      log(`${db}: keyword latency: first search ${Math.round(first.ms)} ms; ${seconds} s loads`);
      const loads = await measureLoads(server, engine.clientId, sources, seconds);
      return {
        pages,
        loadMs,
        before,
        afterFirst,
        afterLoad: await memory(),
        peakFirstMb,
        firstSearchMs: first.ms,
        secondSearchMs: second.ms,
        ...loads,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await where.remove();
  }
}

function restart(where: Place, owner: Credentials): Promise<ServerProcess> {
  return ServerProcess.start({
    dataDir: where.dataDir,
    ...(where.database ? { database: where.database } : {}),
    env: { SITESEER_CRAWL_WORKER: 'off' },
    owner,
    inspect: true,
  });
}
