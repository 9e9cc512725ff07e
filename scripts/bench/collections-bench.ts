/**
 * The collections section of `pnpm bench` (`pnpm bench:collections`): relevance on questions,
 * measured on public test collections with relevance judgments (collections.ts: Cranfield and
 * CISI, and BEIR's SciFact kept aside as a held-out check). Each collection is served as a site on
 * 127.0.0.1 (collection-site.ts), crawled by a keyword engine through the real crawler, and every
 * judged query is searched through the public search call; MiniSearch's BM25 (keyword-peers.ts)
 * ranks the same crawled pages. Both are scored as trec_eval's ndcg_cut.10 (collection-metrics.ts).
 * The collections are read from SITESEER_BENCH_COLLECTIONS (default scripts/bench/collections/;
 * collections/README.md says where to get the files); a missing one is skipped and said so.
 */
import { join } from 'node:path';
import { CUT, meanNdcg } from './collection-metrics.ts';
import { docIdOf, serveCollection } from './collection-site.ts';
import { COLLECTION_NAMES, type Collection, type CollectionName, readCollection } from './collections.ts';
import {
  crawlReport,
  createKeywordEngine,
  type KeywordEngine,
  keywordSearch,
  startCrawl,
} from './keyword-engine.ts';
import { miniSearchRanker, type PeerPage } from './keyword-peers.ts';
import { crawlerOf, openServerStore } from './keyword-store.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';

/** Where the collections' folders are, unless SITESEER_BENCH_COLLECTIONS says. */
const DEFAULT_ROOT = join(import.meta.dirname, 'collections');
/** The most the public search call takes (routes/search.ts): a longer question is cut at a word. */
const MAX_QUERY = 500;
const CRAWL_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 200;
/** Points of nDCG@10 ahead of MiniSearch the engine is to be on each tuned collection. */
const AHEAD_OF_MINISEARCH = 0.03;
/** SciFact's target: the published Lucene BM25 figure (Anserini, flat) + 2 points. */
const SCIFACT_TARGET = 0.6789 + 0.02;

interface CollectionResult {
  name: string;
  heldOut: boolean;
  docs: number;
  pagesCrawled: number;
  queries: number;
  ndcg: { siteseer: number; minisearch: number };
  /** Our engine's latency over the collection's queries, sequential: a sanity figure. */
  queryMs: { p50: number; max: number };
}

export interface CollectionsResults {
  root: string;
  skipped: string[];
  results: Partial<Record<Db, CollectionResult[]>>;
}

/** What a question is typed as: at most MAX_QUERY characters, cut at a space. */
function typedQuery(text: string): string {
  if (text.length <= MAX_QUERY) return text;
  const cut = text.slice(0, MAX_QUERY + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, MAX_QUERY)).trim();
}

async function crawl(engine: KeywordEngine, start: string): Promise<void> {
  await startCrawl(engine, start);
  const started = performance.now();
  let report = await crawlReport(engine);
  while (report.state === 'crawling' && performance.now() - started < CRAWL_TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    report = await crawlReport(engine);
  }
  if (report.state === 'crawling') throw new Error(`The crawl of ${start} did not finish in time`);
}

/** Document ids of the engine's first CUT results for each query, by query id. */
async function searchAll(base: string, engine: KeywordEngine, collection: Collection) {
  // The published crawl is searchable a moment after it finished: wait for the first answer.
  const [first] = collection.queries.values();
  const until = Date.now() + 60_000;
  while ((await keywordSearch(base, engine.clientId, typedQuery(first ?? ''), CUT)).total === 0) {
    if (Date.now() > until)
      throw new Error(`${collection.name}: nothing searchable a minute after the crawl`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const rankings = new Map<string, string[]>();
  const ms: number[] = [];
  for (const [id, text] of collection.queries) {
    const answer = await keywordSearch(base, engine.clientId, typedQuery(text), CUT);
    ms.push(answer.ms);
    rankings.set(
      id,
      answer.urls.flatMap((url) => docIdOf(url) ?? []),
    );
  }
  ms.sort((a, b) => a - b);
  return {
    rankings,
    queryMs: { p50: ms[Math.floor(ms.length / 2)] ?? Number.NaN, max: ms.at(-1) ?? Number.NaN },
  };
}

/** One server on `db` crawls and searches every collection, then MiniSearch ranks the crawled pages. */
async function benchDb(db: Db, databaseUrl: string | undefined, collections: readonly Collection[]) {
  const where = await place(db, databaseUrl);
  try {
    log(`${db}: collections: starting the server`);
    const server = await ServerProcess.start({
      dataDir: where.dataDir,
      ...(where.database ? { database: where.database } : {}),
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
    });
    const searched: {
      engine: KeywordEngine;
      rankings: Map<string, string[]>;
      queryMs: CollectionResult['queryMs'];
    }[] = [];
    try {
      for (const collection of collections) {
        const site = await serveCollection(collection.name, collection.docs);
        try {
          const engine = await createKeywordEngine(server, `${collection.name} collection`, site.start);
          log(`${db}: collections: crawling ${collection.name} (${collection.docs.length} documents)`);
          await crawl(engine, site.start);
          log(`${db}: collections: ${collection.queries.size} queries of ${collection.name}`);
          searched.push({ engine, ...(await searchAll(server.base, engine, collection)) });
        } finally {
          await site.close();
        }
      }
    } finally {
      await server.stop();
    }
    const store = await openServerStore(where);
    try {
      const results: CollectionResult[] = [];
      for (const [i, collection] of collections.entries()) {
        const { engine, rankings, queryMs } = searched[i] as (typeof searched)[number];
        const crawler = await crawlerOf(store, engine);
        if (crawler.publishedRunId === null)
          throw new Error(`The crawl of ${collection.name} was not published`);
        const { rows } = await store.query<PeerPage>(
          `SELECT url, title, headings, body FROM crawl_pages
           WHERE account_id = $1 AND engine_id = $2 AND run_id = $3 ORDER BY url`,
          [engine.accountId, engine.engineId, crawler.publishedRunId],
        );
        const pages = rows.filter((page) => docIdOf(page.url) !== undefined);
        log(`${db}: collections: MiniSearch on the ${pages.length} crawled pages of ${collection.name}`);
        const rank = miniSearchRanker(pages);
        const peer = new Map<string, string[]>();
        for (const [id, text] of collection.queries)
          peer.set(
            id,
            (await rank(typedQuery(text), CUT)).flatMap((url) => docIdOf(url) ?? []),
          );
        results.push({
          name: collection.name,
          heldOut: collection.heldOut,
          docs: collection.docs.length,
          pagesCrawled: pages.length,
          queries: collection.queries.size,
          ndcg: {
            siteseer: meanNdcg(collection.judgments, rankings),
            minisearch: meanNdcg(collection.judgments, peer),
          },
          queryMs,
        });
      }
      return results;
    } finally {
      await store.close();
    }
  } finally {
    await where.remove();
  }
}

function lines(db: Db, results: readonly CollectionResult[]): Line[] {
  return results.flatMap((r): Line[] => {
    const metric = `${r.name}${r.heldOut ? ' (held out)' : ''} nDCG@10 (${r.queries} queries, ${r.pagesCrawled} of ${r.docs} pages crawled)`;
    const baseline = { name: 'MiniSearch', value: r.ndcg.minisearch };
    return r.heldOut
      ? [
          {
            db,
            metric,
            value: r.ndcg.siteseer,
            unit: 'score',
            target: { min: SCIFACT_TARGET, label: '≥ 0.699 (Lucene BM25 0.6789 + 0.02)' },
            baseline,
          },
        ]
      : [
          {
            db,
            metric,
            value: r.ndcg.siteseer,
            unit: 'score',
            target: { min: r.ndcg.minisearch + AHEAD_OF_MINISEARCH, label: '≥ MiniSearch + 0.03' },
            baseline,
          },
        ];
  });
}

/** The collections section on each database; `names`: the collections to run (all by default). */
export async function benchCollections(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
  names: readonly CollectionName[] = COLLECTION_NAMES,
): Promise<{ results: CollectionsResults; lines: Line[] }> {
  const root = process.env.SITESEER_BENCH_COLLECTIONS ?? DEFAULT_ROOT;
  const collections: Collection[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    const read = readCollection(root, name);
    if (read.ok) collections.push(read.collection);
    else {
      log(`collections: ${name} SKIPPED: ${read.why} (see scripts/bench/collections/README.md)`);
      skipped.push(`${name}: ${read.why}`);
    }
  }
  const results: CollectionsResults = { root, skipped, results: {} };
  const all: Line[] = [];
  if (collections.length === 0) return { results, lines: all };
  for (const db of dbs) {
    const r = await benchDb(db, databaseUrl, collections);
    results.results[db] = r;
    all.push(...lines(db, r));
  }
  return { results, lines: all };
}
