/**
 * `pnpm bench`: Siteseer's benchmarks. Runs the API as a child process on PGlite (and on PostgreSQL
 * when DATABASE_URL is set) and measures, in one run, two sections:
 *   parametric:
 *   - upload → searchable for a 10 MB CSV and its XLSX, with the server's peak RSS, against the
 *     floor (raw COPY + index build of the same rows into the same kind of database);
 *   - /healthz while an import runs;
 *   - search over HTTP at 100k rows with 16 concurrent clients (text + filters + sort; browsing).
 *   crawl (crawl-bench.ts):
 *   - a generated site of 5,000 linked pages on 127.0.0.1 crawled with page-load delay none, from
 *     the crawler call to a finished (published) crawl, in pages/s, against Crawlee's
 *     CheerioCrawler crawling the same site in the same run; both peak RSS and CPU per page, and
 *     paths our crawler fetched more than once;
 *   - the crawl report call at 100k URLs.
 *   keyword (keyword-bench.ts; needs Debian's python3.11-doc, installed when run as root):
 *   - relevance: the Python manual served on 127.0.0.1 and crawled by a keyword engine; known-item
 *     queries (page titles, hand-written questions, typos, partial words) scored as MRR@10 and
 *     nDCG@10 against PostgreSQL's ts_rank_cd and MiniSearch on the same pages; how long after the
 *     crawl finished its pages could be searched;
 *   - latency: 50k pages made from the manual's text, 16 concurrent clients with a mix of exact,
 *     multi-word, prefix and typo queries (p50, p95, p99, q/s) against GET /search/{id}/config;
 *     index build time and memory per 100k pages.
 *   analytics (analytics-bench.ts):
 *   - search p50 with recording off and on (the cost of recording, ≤ 5 %);
 *   - 1M recorded searches and 200k clicks of one client written with the recorder's statements,
 *     then each analytics report and dashboard frame over 90 days, p95 ≤ 200 ms; peak memory.
 *   collections (collections-bench.ts; reads SITESEER_BENCH_COLLECTIONS, default scripts/bench/collections/):
 *   - relevance on questions: Cranfield and CISI, and BEIR's SciFact held out, each served on
 *     127.0.0.1, crawled by a keyword engine and every judged query searched through the public
 *     call: nDCG@10 as trec_eval's ndcg_cut.10, against MiniSearch's BM25 on the same pages.
 *   busy-search (busy-search-bench.ts):
 *   - visitors' keyword and parametric searches at 200/s (open loop, latency from when each was
 *     due) alone, then beside a re-crawl of a generated 20,000-page site on 127.0.0.1 and a
 *     60,000-row XLSX upload + publish: p50/p95/p99/max of both (p95 ≤ 50 ms, p99 ≤ 150 ms beside
 *     them), the ratio, the crawl's and the import's speed meanwhile, peak RSS.
 *   suggest (suggest-bench.ts, `pnpm bench:suggest`):
 *   - query suggestions at 50k pages and 100k distinct recorded queries (3 visitors each), 16
 *     concurrent clients typing prefixes: p50 and p99 (≤ 10 ms) against GET /search/{id}/config;
 *     the first suggestion (popular queries read into memory); peak RSS.
 *   render (render-bench.ts, `pnpm bench:render`):
 *   - a generated single-page app of `--render-pages` pages (default 300) on 127.0.0.1 crawled
 *     with rendering, the server's pool at 1 and at 2 pages at once: pages/s against the static
 *     crawl of the same site, the Chromium processes' peak memory (PSS), and its pages found by the word
 *     their script writes.
 *   documents (documents-bench.ts, `pnpm bench:documents`):
 *   - a generated site of `--document-pages` texts (default 200) on 127.0.0.1, half PDFs and half
 *     DOCX files, crawled by a keyword engine against the same texts as HTML pages: pages/s and
 *     server CPU per page against the HTML crawl, the server's peak RSS and the extraction
 *     threads' peak heap (sampled through the inspector) in each, and the documents found by
 *     their own word (all of them).
 *   cli (cli-bench.ts, `pnpm bench:cli`):
 *   - `siteseer search ENGINE QUERY --json` from a script (a child process, no TTY), keyword and
 *     parametric, `--cli-runs` times each (default 20): the median (target ≤ 300 ms) against a Node
 *     script fetching the same search and `node -e 0`; the first search of a fresh config dir
 *     (the engine looked up); the CLI's peak RSS.
 * Prints JSON, then a table. A benchmark, not a test: it exits 0 even when a target is missed.
 * Options:
 *   --only=LIST    a comma-separated list of sections (parametric, crawl, keyword, analytics,
 *                  collections, busy-search, suggest, render, documents, cli; or one part of
 *                  keyword: keyword-relevance, keyword-latency) and databases (pglite, postgres);
 *                  what names no section runs all, what names no database runs all:
 *                  --only=crawl (`pnpm bench:crawl`), --only=keyword (`pnpm bench:keyword`),
 *                  --only=analytics (`pnpm bench:analytics`),
 *                  --only=busy-search (`pnpm bench:busy-search`),
 *                  --only=collections (`pnpm bench:collections`), --only=render (`pnpm bench:render`),
 *                  --only=documents (`pnpm bench:documents`), --only=cli (`pnpm bench:cli`),
 *                  --only=pglite, --only=crawl,postgres, --only=keyword-latency,pglite.
 *   --pages=N      pages of the crawl section's site (default 5,000).
 *   --keyword-pages=N    pages of the keyword latency engine (default 50,000).
 *   --keyword-seconds=N  seconds of each keyword load (default 15).
 *   --busy-pages=N       pages of the site the busy-search section crawls (default 20,000).
 *   --busy-seconds=N     seconds of each busy-search window, at least (default 30).
 *   --suggest-pages=N    pages of the suggest section's site (default 50,000).
 *   --suggest-queries=N  distinct recorded queries of the suggest section (default 100,000).
 *   --render-pages=N     pages of the render section's app (default 300).
 *   --document-pages=N   texts of the documents section's site, each a document (default 200).
 *   --cli-runs=N         runs of each timed command of the cli section (default 20).
 *   --json=<file>  also write the JSON there.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type AnalyticsResults, benchAnalytics } from './analytics-bench.ts';
import {
  BUSY_PAGES,
  BUSY_SECONDS,
  type BusySearchResults,
  benchBusySearch,
  SMALL_SITE_PAGES,
} from './busy-search-bench.ts';
import { benchCli, CLI_RUNS, type CliResults } from './cli-bench.ts';
import { benchCollections, type CollectionsResults } from './collections-bench.ts';
import { benchCrawl, type CrawlResults } from './crawl-bench.ts';
import { SITE_PAGES } from './crawl-site.ts';
import { DOCUMENT_PAGES } from './document-site.ts';
import { benchDocuments, type DocumentsResults, documentLines } from './documents-bench.ts';
import { type BenchFiles, benchFiles } from './files.ts';
import { type Floor, measureFloor } from './floor.ts';
import { closeConnections } from './http-client.ts';
import { type ImportResult, measureImport } from './import-bench.ts';
import { benchKeyword, KEYWORD_PARTS, type KeywordPart, type KeywordResults } from './keyword-bench.ts';
import { LATENCY_PAGES } from './keyword-corpus.ts';
import { LOAD_SECONDS } from './keyword-latency.ts';
import { type Db, place } from './place.ts';
import { benchRender, RENDER_PAGES, type RenderResults, renderLines } from './render-bench.ts';
import { type Line, log, status, table } from './report.ts';
import { CONCURRENCY, measureSearch, type SearchResults } from './search-bench.ts';
import { ServerProcess } from './server-process.ts';
import { ownerApiKey, signIn } from './session.ts';
import { benchSuggest, SUGGEST_PAGES, SUGGEST_QUERIES, type SuggestResults } from './suggest-bench.ts';

interface DbResults {
  idleRssMb: number;
  csv: ImportResult;
  csvNewVersion: ImportResult;
  xlsx: ImportResult;
  search100kImport: ImportResult;
  search: SearchResults;
  floor: Floor;
}

async function benchDatabase(db: Db, files: BenchFiles, databaseUrl: string | undefined): Promise<DbResults> {
  const server_ = await place(db, databaseUrl);
  const floorPlace = await place(db, databaseUrl);
  try {
    log(`${db}: starting the server`);
    const server = await ServerProcess.start({
      dataDir: server_.dataDir,
      ...(server_.database ? { database: server_.database } : {}),
    });
    let results: Omit<DbResults, 'floor'>;
    try {
      const apiKey = await ownerApiKey(server.base, await signIn(server.base, server.owner));
      const idleRssMb = server.memory().rssMb;
      const csvFile = { name: 'products.csv', bytes: files.csv };
      log(`${db}: CSV import (new engine)`);
      const csv = await measureImport(server, apiKey, csvFile, { newEngine: 'Bench CSV' }, { probes: false });
      log(`${db}: CSV import (new version, with /healthz probes)`);
      const csvNewVersion = await measureImport(
        server,
        apiKey,
        csvFile,
        { engineId: csv.ingested.engineId },
        { probes: true },
      );
      log(`${db}: XLSX import`);
      const xlsx = await measureImport(
        server,
        apiKey,
        { name: 'products.xlsx', bytes: files.xlsx },
        { newEngine: 'Bench XLSX' },
        { probes: false },
      );
      log(`${db}: 100k-row import for search`);
      const search100kImport = await measureImport(
        server,
        apiKey,
        { name: 'search-100k.csv', bytes: files.searchCsv },
        { newEngine: 'Bench search' },
        { probes: false },
      );
      log(`${db}: search load (${CONCURRENCY} clients)`);
      const search = await measureSearch(server.base, search100kImport.ingested.clientId);
      results = { idleRssMb, csv, csvNewVersion, xlsx, search100kImport, search };
    } finally {
      await server.stop();
      closeConnections();
    }
    log(`${db}: floor (COPY + index build)`);
    const floor = await measureFloor(
      files.table,
      floorPlace.database
        ? { databaseUrl: floorPlace.database.url, schema: floorPlace.database.schema }
        : { dataDir: floorPlace.dataDir },
    );
    return { ...results, floor };
  } finally {
    for (const p of [server_, floorPlace]) await p.remove();
  }
}

function lines(db: Db, r: DbResults): Line[] {
  const floor = { name: 'floor', value: r.floor.ms };
  const csvTarget =
    db === 'pglite' ? { max: 2000, label: '≤ 2000 ms' } : { max: 1.2 * r.floor.ms, label: `≤ 1.2x floor` };
  const http = { name: 'http', value: r.search.httpFloor.p50 };
  const out: Line[] = [
    {
      db,
      metric: `CSV upload→searchable (${r.csv.rows} rows, new engine)`,
      value: r.csv.ms,
      unit: 'ms',
      target: csvTarget,
      baseline: floor,
    },
    {
      db,
      metric: 'CSV upload→searchable (new version)',
      value: r.csvNewVersion.ms,
      unit: 'ms',
      target: csvTarget,
      baseline: floor,
    },
    ...(db === 'pglite'
      ? [
          {
            db,
            metric: 'CSV upload→searchable, server CPU',
            value: r.csv.cpuMs,
            unit: 'ms' as const,
            baseline: { name: 'floor CPU', value: r.floor.cpuMs },
          },
        ]
      : []),
    { db, metric: 'CSV peak RSS', value: r.csv.peakMb, unit: 'MB' },
    {
      db,
      metric: 'XLSX upload→searchable',
      value: r.xlsx.ms,
      unit: 'ms',
      target: { max: 8000, label: '≤ 8000 ms' },
      baseline: floor,
    },
    {
      db,
      metric: 'XLSX peak RSS',
      value: r.xlsx.peakMb,
      unit: 'MB',
      target: { max: 1536, label: '≤ 1.5 GB' },
    },
    { db, metric: 'floor: COPY + index build', value: r.floor.ms, unit: 'ms' },
    {
      db,
      metric: 'floor: event-loop lag during COPY (store off the main thread)',
      value: r.floor.maxLoopLagMs,
      unit: 'ms',
      target: { max: 200, label: '≤ 200 ms' },
    },
    {
      db,
      metric: '/healthz p99 during import',
      value: r.csvNewVersion.healthz?.p99 ?? Number.NaN,
      unit: 'ms',
      target: { max: 50, label: '≤ 50 ms' },
    },
    {
      db,
      metric: 'event loop (/config.json) p99 during import',
      value: r.csvNewVersion.loop?.p99 ?? Number.NaN,
      unit: 'ms',
    },
    { db, metric: `100k-row upload→searchable`, value: r.search100kImport.ms, unit: 'ms' },
    {
      db,
      metric: 'search text+filters+sort p50',
      value: r.search.text.p50,
      unit: 'ms',
      target: { max: 10, label: '≤ 10 ms' },
      baseline: http,
    },
    {
      db,
      metric: 'search text+filters+sort p99',
      value: r.search.text.p99,
      unit: 'ms',
      target: { max: 50, label: '≤ 50 ms' },
    },
    { db, metric: 'search text+filters+sort throughput', value: r.search.text.perSecond, unit: 'q/s' },
    {
      db,
      metric: 'browse facets p50',
      value: r.search.browse.p50,
      unit: 'ms',
      target: { max: 5, label: '≤ 5 ms' },
      baseline: http,
    },
    {
      db,
      metric: 'browse facets p99',
      value: r.search.browse.p99,
      unit: 'ms',
      target: { max: 50, label: '≤ 50 ms' },
    },
    { db, metric: 'browse throughput', value: r.search.browse.perSecond, unit: 'q/s' },
    { db, metric: 'http floor (GET /config.json) p50', value: r.search.httpFloor.p50, unit: 'ms' },
    { db, metric: 'server idle RSS', value: r.idleRssMb, unit: 'MB' },
  ];
  return out;
}

type Section =
  | 'parametric'
  | 'crawl'
  | 'keyword'
  | 'analytics'
  | 'collections'
  | 'busy-search'
  | 'suggest'
  | 'render'
  | 'documents'
  | 'cli';
const SECTIONS: readonly Section[] = [
  'parametric',
  'crawl',
  'keyword',
  'analytics',
  'collections',
  'busy-search',
  'suggest',
  'render',
  'documents',
  'cli',
];
/** Names of one part of the keyword section. */
const KEYWORD_PART_NAMES = KEYWORD_PARTS.map((part) => `keyword-${part}`);
const DBS: readonly Db[] = ['pglite', 'postgres'];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    pages: { type: 'string', default: String(SITE_PAGES) },
    'keyword-pages': { type: 'string', default: String(LATENCY_PAGES) },
    'keyword-seconds': { type: 'string', default: String(LOAD_SECONDS) },
    'busy-pages': { type: 'string', default: String(BUSY_PAGES) },
    'busy-seconds': { type: 'string', default: String(BUSY_SECONDS) },
    'suggest-pages': { type: 'string', default: String(SUGGEST_PAGES) },
    'suggest-queries': { type: 'string', default: String(SUGGEST_QUERIES) },
    'render-pages': { type: 'string', default: String(RENDER_PAGES) },
    'document-pages': { type: 'string', default: String(DOCUMENT_PAGES) },
    'cli-runs': { type: 'string', default: String(CLI_RUNS) },
    json: { type: 'string' },
  },
});
const names = values.only?.split(',').map((name) => name.trim()) ?? [];
const keywordParts = KEYWORD_PARTS.filter((part) => names.includes(`keyword-${part}`));
// A part of the keyword section names the section.
const only = names.map((name) => (KEYWORD_PART_NAMES.includes(name) ? 'keyword' : name));
const unknown = only.filter(
  (name) => !(SECTIONS as string[]).includes(name) && !(DBS as string[]).includes(name),
);
if (unknown.length > 0)
  throw new Error(
    `--only: unknown ${unknown.join(', ')} (sections: ${SECTIONS}, ${KEYWORD_PART_NAMES}; databases: ${DBS})`,
  );
/** The named ones of `all`, or all of them when none is named. */
const chosen = <T extends string>(all: readonly T[]): T[] => {
  const named = all.filter((name) => only.includes(name));
  return named.length > 0 ? named : [...all];
};
const sections = chosen(SECTIONS);
const databaseUrl = process.env.DATABASE_URL;
const dbs = chosen(DBS).filter((db) => db === 'pglite' || databaseUrl);
if (dbs.length === 0) throw new Error(`Nothing to run: --only=${values.only} (postgres needs DATABASE_URL)`);
/** A whole-number option at least `min`, or a clear error naming it. */
const whole = (name: string, text: string | undefined, min: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be a whole number ≥ ${min} (got ${text})`);
  return n;
};
const pages = whole('pages', values.pages, 10);
const keywordOptions = {
  parts: keywordParts.length > 0 && !names.includes('keyword') ? keywordParts : [...KEYWORD_PARTS],
  pages: whole('keyword-pages', values['keyword-pages'], 100),
  seconds: whole('keyword-seconds', values['keyword-seconds'], 1),
} satisfies { parts: KeywordPart[]; pages: number; seconds: number };
const busyOptions = {
  // More pages than the site first crawled: the re-crawl is told from it by the pages found.
  pages: whole('busy-pages', values['busy-pages'], SMALL_SITE_PAGES + 1),
  seconds: whole('busy-seconds', values['busy-seconds'], 1),
};
const suggestOptions = {
  pages: whole('suggest-pages', values['suggest-pages'], 10),
  queries: whole('suggest-queries', values['suggest-queries'], 1),
};

const started = performance.now();
const startLoad = loadavg()[0] ?? 0;
const results: Partial<Record<Db, DbResults>> = {};
const all: Line[] = [];
if (sections.includes('parametric')) {
  log('generating the files (cached in the temp directory)');
  const files = await benchFiles();
  log(
    `CSV ${files.csv.byteLength} B / ${files.table.rows.length} rows; XLSX ${files.xlsx.byteLength} B; search CSV ${files.searchCsv.byteLength} B`,
  );
  for (const db of dbs) {
    const r = await benchDatabase(db, files, databaseUrl);
    results[db] = r;
    all.push(...lines(db, r));
  }
}
let crawl: CrawlResults | undefined;
if (sections.includes('crawl')) {
  const section = await benchCrawl(dbs, databaseUrl, pages);
  crawl = section.results;
  all.push(...section.lines);
}
let keyword: KeywordResults | undefined;
if (sections.includes('keyword')) {
  const section = await benchKeyword(dbs, databaseUrl, keywordOptions);
  keyword = section.results;
  all.push(...section.lines);
  closeConnections();
}
let analytics: Partial<Record<Db, AnalyticsResults>> | undefined;
if (sections.includes('analytics')) {
  const section = await benchAnalytics(dbs, databaseUrl);
  analytics = section.results;
  all.push(...section.lines);
  closeConnections();
}
let collections: CollectionsResults | undefined;
if (sections.includes('collections')) {
  const section = await benchCollections(dbs, databaseUrl);
  collections = section.results;
  all.push(...section.lines);
  closeConnections();
}
let busySearch: Partial<Record<Db, BusySearchResults>> | undefined;
if (sections.includes('busy-search')) {
  const section = await benchBusySearch(dbs, databaseUrl, busyOptions);
  busySearch = section.results;
  all.push(...section.lines);
  closeConnections();
}
let suggest: Partial<Record<Db, SuggestResults>> | undefined;
if (sections.includes('suggest')) {
  const section = await benchSuggest(dbs, databaseUrl, suggestOptions);
  suggest = section.results;
  all.push(...section.lines);
  closeConnections();
}
let render: Partial<Record<Db, RenderResults>> | undefined;
if (sections.includes('render')) {
  const renderPages = whole('render-pages', values['render-pages'], 10);
  render = {};
  for (const db of dbs) {
    const r = await benchRender(db, databaseUrl, renderPages);
    render[db] = r;
    all.push(...renderLines(db, r));
  }
  closeConnections();
}
let documents: Partial<Record<Db, DocumentsResults>> | undefined;
if (sections.includes('documents')) {
  const texts = whole('document-pages', values['document-pages'], 2);
  documents = {};
  for (const db of dbs) {
    const r = await benchDocuments(db, databaseUrl, texts);
    documents[db] = r;
    all.push(...documentLines(db, r));
  }
  closeConnections();
}
let cli: Partial<Record<Db, CliResults>> | undefined;
if (sections.includes('cli')) {
  const section = await benchCli(dbs, databaseUrl, whole('cli-runs', values['cli-runs'], 5));
  cli = section.results;
  all.push(...section.lines);
}
const strip = (r: DbResults) => ({
  ...r,
  csv: { ...r.csv, ingested: undefined },
  csvNewVersion: { ...r.csvNewVersion, ingested: undefined },
  xlsx: { ...r.xlsx, ingested: undefined },
  search100kImport: { ...r.search100kImport, ingested: undefined },
});
const json = {
  node: process.version,
  /** The machine's 1-minute load average at the start and the end: figures from a busy machine mislead. */
  loadAverage: [startLoad, loadavg()[0] ?? 0],
  when: new Date().toISOString(),
  seconds: Math.round((performance.now() - started) / 1000),
  results: Object.fromEntries(Object.entries(results).map(([db, r]) => [db, strip(r)])),
  crawl,
  keyword,
  analytics,
  collections,
  busySearch,
  suggest,
  render,
  documents,
  cli,
  lines: all.map((line) => ({ ...line, status: status(line) })),
};
const text = JSON.stringify(json, null, 2);
if (values.json) writeFileSync(values.json, `${text}\n`);
process.stdout.write(
  `${text}\n\n${table(all)}\n(load average ${json.loadAverage.map((l) => l.toFixed(1)).join(' → ')} on ${cpus().length} CPUs)\n`,
);
