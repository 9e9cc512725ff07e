/**
 * The keyword section's relevance part: the Python manual (keyword-docs.ts) crawled by a keyword
 * engine through the API, then known-item queries (each page's title, and the hand-written ones of
 * keyword-queries.ts) answered by the engine over HTTP and by the two peers (keyword-peers.ts) on
 * the pages the crawl stored, scored as MRR@10 and nDCG@10. The same crawl times how long after
 * it finished its pages could be searched.
 */
import type { DocPage, DocSite, KnownItem } from './keyword-docs.ts';
import { titleQueries } from './keyword-docs.ts';
import {
  crawlReport,
  createKeywordEngine,
  type KeywordEngine,
  keywordSearch,
  type SearchAnswer,
  startCrawl,
  trySearch,
} from './keyword-engine.ts';
import { CUTOFF, type Scores, score } from './keyword-metrics.ts';
import { miniSearchRanker, type PeerPage, type Ranker, withPostgresRanker } from './keyword-peers.ts';
import { HAND_WRITTEN_QUERIES, type HandWrittenKind } from './keyword-queries.ts';
import { crawlerOf, type EngineRef, openServerStore, type Store } from './keyword-store.ts';
import { type Db, type Place, place } from './place.ts';
import { log } from './report.ts';
import { ServerProcess } from './server-process.ts';

const ENGINES = ['siteseer', 'postgres', 'minisearch'] as const;
export type Engine = (typeof ENGINES)[number];
export const ENGINE_NAMES: Record<Engine, string> = {
  siteseer: 'Siteseer',
  postgres: 'PostgreSQL ts_rank_cd',
  minisearch: 'MiniSearch',
};
export type Group = 'titles' | 'hand-written' | HandWrittenKind;

const CRAWL_TIMEOUT_MS = 10 * 60_000;
const REPORT_POLL_MS = 100;
/** How often the freshness probe searches while the crawl runs: the measure's resolution. */
const PROBE_POLL_MS = 25;
/** A word of the manual's front page, and of hundreds of other pages. */
const PROBE_QUERY = 'python';

/** A query of the bench with the groups it is scored in. */
interface BenchQuery extends KnownItem {
  groups: Group[];
}

export interface RelevanceResults {
  crawl: { ms: number; state: string; pages: number; counts: Record<string, number> };
  /** From the run's end (crawlers.run_finished_at) to the first search answering with its pages. */
  searchableAfterMs: number | null;
  /** Queries whose page the crawl did not store (left out of the scores), by target. */
  missingTargets: string[];
  scores: Record<Engine, Partial<Record<Group, Scores>>>;
  /** Our engine's latency over the scored queries, sequential: a sanity figure, not the load test. */
  queryMs: { p50: number; max: number };
  /** Queries where a peer found the page and Siteseer did not (at most 20 listed). */
  lost: { q: string; target: string; siteseer: number; postgres: number; minisearch: number }[];
}

function benchQueries(pages: readonly DocPage[]): BenchQuery[] {
  return [
    ...titleQueries(pages).map((item) => ({ ...item, groups: ['titles'] as Group[] })),
    ...HAND_WRITTEN_QUERIES.map(({ kind, ...item }) => ({
      ...item,
      groups: ['hand-written', kind] as Group[],
    })),
  ];
}

/** Polls the report until the crawl is over; meanwhile the probe searches until pages are found. */
async function crawlAndProbe(server: ServerProcess, engine: KeywordEngine, start: string) {
  let searchableAt: number | null = null;
  let crawling = true;
  const probe = (async () => {
    // Until an answer has pages, or 60 s after the crawl is over.
    let overAt = Number.POSITIVE_INFINITY;
    for (;;) {
      const answer = await trySearch(server.base, engine.clientId, PROBE_QUERY);
      if (answer.total > 0 && answer.urls.length > 0) {
        searchableAt = Date.now();
        return;
      }
      if (!crawling) overAt = Math.min(overAt, Date.now());
      if (Date.now() - overAt > 60_000) return;
      await new Promise((resolve) => setTimeout(resolve, PROBE_POLL_MS));
    }
  })();
  const started = performance.now();
  await startCrawl(engine, start);
  let report = await crawlReport(engine);
  while (report.state === 'crawling' && performance.now() - started < CRAWL_TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, REPORT_POLL_MS));
    report = await crawlReport(engine);
  }
  const ms = performance.now() - started;
  crawling = false;
  await probe;
  return {
    crawl: { ms, state: report.state ?? 'none', pages: report.counts['3'] ?? 0, counts: report.counts },
    searchableAt,
  };
}

/** Top results of every query, by one ranker. */
async function rankAll(queries: readonly BenchQuery[], rank: Ranker): Promise<string[][]> {
  const out: string[][] = [];
  for (const query of queries) out.push(await rank(query.q, CUTOFF));
  return out;
}

async function publishedPages(store: Store, engine: EngineRef, runId: number): Promise<PeerPage[]> {
  const { rows } = await store.query<PeerPage>(
    `SELECT url, title, headings, body FROM crawl_pages
     WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 ORDER BY url`,
    [engine.accountId, engine.engineId, runId],
  );
  return rows;
}

/** The peers' rankings on the pages of the published crawl, read from the stopped server's store. */
async function peerRankings(store: Store, engine: EngineRef, runId: number, queries: readonly BenchQuery[]) {
  const pages = await publishedPages(store, engine, runId);
  log(`keyword: peers on the ${pages.length} crawled pages`);
  const minisearch = await rankAll(queries, miniSearchRanker(pages));
  const postgres = await withPostgresRanker(
    store,
    (db) =>
      db
        .query(
          `INSERT INTO peer_pages (url, title, headings, body)
           SELECT url, title, array_to_string(headings, E'\\n'), body FROM crawl_pages
           WHERE account_id = $1 AND engine_id = $2 AND run_id = $3`,
          [engine.accountId, engine.engineId, runId],
        )
        .then(() => undefined),
    (rank) => rankAll(queries, rank),
  );
  return { pages, minisearch, postgres };
}

function scoresOf(
  queries: readonly BenchQuery[],
  rankings: Record<Engine, string[][]>,
  targetUrl: (q: BenchQuery) => string,
): Record<Engine, Partial<Record<Group, Scores>>> {
  const groups = [...new Set(queries.flatMap((q) => q.groups))];
  const out = {} as Record<Engine, Partial<Record<Group, Scores>>>;
  for (const engine of ENGINES) {
    out[engine] = {};
    for (const group of groups) {
      const judged = queries.flatMap((q, i) =>
        q.groups.includes(group)
          ? [{ ranked: rankings[engine][i] ?? [], relevant: new Set([targetUrl(q)]) }]
          : [],
      );
      out[engine][group] = score(judged);
    }
  }
  return out;
}

/**
 * A URL without its #fragment: the engine removes hash fragments, so a page is its URL without
 * one, but the crawl stores the URL it first found the page by, an anchor's included.
 */
const pageOf = (url: string) => url.replace(/#.*$/, '');

/** Queries where a peer ranked the page higher than we did (rank 0: not in the first 10). */
function lostQueries(
  queries: readonly BenchQuery[],
  rankings: Record<Engine, string[][]>,
  targetUrl: (q: BenchQuery) => string,
): RelevanceResults['lost'] {
  return queries.flatMap((q, i) => {
    const at = (e: Engine) => (rankings[e][i] ?? []).indexOf(targetUrl(q)) + 1;
    const [siteseer, postgres, minisearch] = [at('siteseer'), at('postgres'), at('minisearch')];
    const best = Math.min(...[postgres, minisearch].filter((rank) => rank > 0));
    const lost = Number.isFinite(best) && (siteseer === 0 || siteseer > best);
    return lost ? [{ q: q.q, target: q.target, siteseer, postgres, minisearch }] : [];
  });
}

/** A server on `where` crawls the manual, then answers every query; stopped before this resolves. */
async function crawlAndSearch(db: Db, where: Place, site: DocSite, queries: readonly BenchQuery[]) {
  log(`${db}: keyword relevance: starting the server`);
  const server = await ServerProcess.start({
    dataDir: where.dataDir,
    ...(where.database ? { database: where.database } : {}),
    env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
  });
  try {
    const engine = await createKeywordEngine(server, 'Python manual', site.start);
    log(`${db}: keyword relevance: crawling the Python manual`);
    const crawled = await crawlAndProbe(server, engine, site.start);
    log(
      `${db}: keyword relevance: crawl ${crawled.crawl.state}, ${crawled.crawl.pages} pages in ${Math.round(crawled.crawl.ms)} ms; ${queries.length} queries`,
    );
    const answers: SearchAnswer[] = [];
    for (const query of queries)
      answers.push(await keywordSearch(server.base, engine.clientId, query.q, CUTOFF));
    return { engine, crawled, answers };
  } finally {
    await server.stop();
  }
}

/** The relevance part on one database: crawl, query, peers, scores. */
export async function measureRelevance(
  db: Db,
  databaseUrl: string | undefined,
  site: DocSite,
  docPages: readonly DocPage[],
): Promise<RelevanceResults> {
  const where = await place(db, databaseUrl);
  try {
    const allQueries = benchQueries(docPages);
    const { engine, crawled, answers } = await crawlAndSearch(db, where, site, allQueries);
    const store = await openServerStore(where);
    try {
      const crawler = await crawlerOf(store, engine);
      if (crawler.publishedRunId === null) throw new Error('The crawl of the manual was not published');
      const peers = await peerRankings(store, engine, crawler.publishedRunId, allQueries);
      const urls = new Set(peers.pages.map((p) => pageOf(p.url)));
      const targetUrl = (q: BenchQuery) => `${site.base}${q.target}`;
      // Only queries whose page the crawl stored: no engine can find the others.
      const kept = allQueries.flatMap((q, i) => (urls.has(targetUrl(q)) ? [i] : []));
      const pick = <T>(values: readonly T[]) => kept.map((i) => values[i] as T);
      const queries = pick(allQueries);
      const judged = (ranked: string[][]) => pick(ranked).map((urls) => urls.map(pageOf));
      const rankings: Record<Engine, string[][]> = {
        siteseer: judged(answers.map((answer) => answer.urls)),
        postgres: judged(peers.postgres),
        minisearch: judged(peers.minisearch),
      };
      const finishedAt = crawler.runFinishedAt?.getTime();
      const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      return {
        crawl: crawled.crawl,
        searchableAfterMs:
          crawled.searchableAt !== null && finishedAt !== undefined
            ? crawled.searchableAt - finishedAt
            : null,
        missingTargets: allQueries.filter((q) => !urls.has(targetUrl(q))).map((q) => q.target),
        scores: scoresOf(queries, rankings, targetUrl),
        queryMs: { p50: ms[Math.floor(ms.length / 2)] ?? Number.NaN, max: ms.at(-1) ?? Number.NaN },
        lost: lostQueries(queries, rankings, targetUrl).slice(0, 20),
      };
    } finally {
      await store.close();
    }
  } finally {
    await where.remove();
  }
}
