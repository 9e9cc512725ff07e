/**
 * The documents section of `pnpm bench` (`pnpm bench:documents`): crawled PDF and DOCX files (ADR
 * 0043). A generated site of `--document-pages` texts (default 200) on 127.0.0.1, half PDFs and
 * half DOCX files linked from one index, and the same texts as HTML pages (document-site.ts). A
 * keyword engine reading every document type crawls the HTML pages (the baseline), then, on a
 * server of its own, the documents: pages per second and the server's CPU per page against the
 * HTML crawl, the memory of each crawl, and how many documents are found by their own word
 * afterwards (all must be).
 *
 * Memory, two ways, each crawl on a fresh server. The server process's resident set at its highest
 * (VmHWM): what the machine must have, but the whole process's (PGlite, the index build when the
 * crawl is published), so a document's cost hides in it. And the extraction threads' own peak,
 * where documents are read (extract-pool.ts, the server's one Piscina pool): their V8 heaps and
 * array buffers sampled five times a second through the server's inspector (thread-heap.ts), as
 * the threads share the process's memory and /proc cannot tell their part. Both servers run with
 * the inspector and the sampler, so the two crawls pay the same for them.
 */
import { DOCUMENT_PAGES, documentPath, startDocumentSite, wordOf } from './document-site.ts';
import {
  type CrawlOptions,
  type CrawlReport,
  crawlReport,
  createKeywordEngine,
  type KeywordEngine,
  keywordSearch,
  startCrawl,
} from './keyword-engine.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { sampleThreadHeaps, type ThreadHeapPeak } from './thread-heap.ts';

const POLL_MS = 100;
const SUCCESS = '3';
/** A crawl of a few hundred small pages takes seconds; past this something is wrong. */
const CRAWL_TIMEOUT_MS = 10 * 60_000;
/** A finished crawl is published a moment later: how long its first document may take to be found. */
const SEARCHABLE_TIMEOUT_MS = 60_000;
/** Every type a crawl may read: the baseline reads HTML under the same settings. */
const EVERY_TYPE: CrawlOptions = { documentTypes: ['pdf', 'docx', 'pptx', 'xlsx', 'odt'] };

interface DocumentCrawl {
  /**
   * Pages crawled with success: the index and the texts. A document refused (unreadable, too long
   * to read) counts too, as the crawl report counts it: the searchable line tells all were read.
   */
  pages: number;
  ms: number;
  state: string;
  /** The server process's CPU time (all its threads) during the crawl. */
  cpuMs: number;
  /** The server process's peak RSS during the crawl (its threads included). */
  peakMb: number;
  /** The extraction threads' V8 heaps and array buffers at their highest, summed (sampled). */
  extractionPeakMb: number;
}

export interface DocumentsResults {
  /** Texts on the site, each a document and an HTML page. */
  texts: number;
  html: DocumentCrawl;
  documents: DocumentCrawl;
  /** Documents found by their own word after the documents crawl. */
  searchable: number;
}

/** A fresh server allowed to fetch 127.0.0.1, for `run`. */
async function withServer<T>(
  db: Db,
  databaseUrl: string | undefined,
  run: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const where = await place(db, databaseUrl);
  try {
    const server = await ServerProcess.start({
      dataDir: where.dataDir,
      ...(where.database ? { database: where.database } : {}),
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
      inspect: true,
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

/** One crawl of `url` by a new engine reading every document type, until it is over. */
async function crawl(server: ServerProcess, name: string, url: string) {
  const engine = await createKeywordEngine(server, name, url, EVERY_TYPE);
  const extraction = await sampleThreadHeaps(server.inspectorUrl as string, (script) =>
    script.includes('/piscina/'),
  );
  server.resetPeak();
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  let report: CrawlReport;
  let ms: number;
  let extractionPeak: ThreadHeapPeak;
  try {
    await startCrawl(engine, url, EVERY_TYPE);
    report = await crawlReport(engine);
    while (report.state === 'crawling') {
      if (performance.now() - started > CRAWL_TIMEOUT_MS)
        throw new Error(`The crawl of ${url} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      report = await crawlReport(engine);
    }
    ms = performance.now() - started;
  } finally {
    extractionPeak = await extraction.stop();
  }
  if (extractionPeak.threads === 0)
    throw new Error('No extraction thread was sampled: is its pool still Piscina?');
  const result: DocumentCrawl = {
    pages: report.counts[SUCCESS] ?? 0,
    ms,
    state: report.state ?? 'none',
    cpuMs: server.cpuMs() - cpuBefore,
    peakMb: server.memory().peakMb,
    extractionPeakMb: extractionPeak.peakMb,
  };
  return { result, engine };
}

/** How many of the `texts` documents are among the hits of a search for their own word. */
async function countSearchable(base: string, engine: KeywordEngine, origin: string, texts: number) {
  const found = async (n: number) =>
    (await keywordSearch(base, engine.clientId, wordOf(n))).urls.includes(`${origin}${documentPath(n)}`);
  const until = performance.now() + SEARCHABLE_TIMEOUT_MS;
  while (!(await found(0)) && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let searchable = 0;
  for (let n = 0; n < texts; n += 1) if (await found(n)) searchable += 1;
  return searchable;
}

/** The documents section on one database. */
export async function benchDocuments(db: Db, databaseUrl: string | undefined, texts = DOCUMENT_PAGES) {
  const site = await startDocumentSite(texts);
  try {
    log(`${db}: documents, HTML crawl (${texts} pages)`);
    const html = await withServer(db, databaseUrl, async (server) => {
      return (await crawl(server, 'HTML pages', site.htmlUrl)).result;
    });
    log(`${db}: documents, documents crawl (${texts} PDF and DOCX files)`);
    return await withServer(db, databaseUrl, async (server): Promise<DocumentsResults> => {
      const { result, engine } = await crawl(server, 'Documents', site.documentsUrl);
      const searchable = await countSearchable(server.base, engine, site.origin, texts);
      return { texts, html, documents: result, searchable };
    });
  } finally {
    await site.close();
  }
}

/** The documents section's lines: the documents crawl against the HTML crawl of the same texts. */
export function documentLines(db: Db, r: DocumentsResults): Line[] {
  const perSecond = (crawl: DocumentCrawl) => crawl.pages / (crawl.ms / 1000);
  const cpuPerPage = (crawl: DocumentCrawl) => crawl.cpuMs / crawl.pages;
  const of = (crawl: DocumentCrawl) => `${crawl.pages}/${r.texts + 1} pages, ${crawl.state}`;
  return [
    {
      db,
      metric: `documents: HTML crawl (${of(r.html)})`,
      value: perSecond(r.html),
      unit: 'pages/s',
    },
    {
      db,
      metric: `documents: PDF + DOCX crawl (${of(r.documents)})`,
      value: perSecond(r.documents),
      unit: 'pages/s',
      baseline: { name: 'HTML crawl', value: perSecond(r.html) },
    },
    {
      db,
      metric: 'documents: server CPU per page, PDF + DOCX crawl',
      value: cpuPerPage(r.documents),
      unit: 'ms',
      baseline: { name: 'HTML crawl', value: cpuPerPage(r.html) },
    },
    {
      db,
      metric: 'documents: server peak RSS (parse threads included), PDF + DOCX crawl',
      value: r.documents.peakMb,
      unit: 'MB',
      baseline: { name: 'HTML crawl', value: r.html.peakMb },
    },
    {
      db,
      metric: 'documents: extraction threads peak V8 heap + buffers (sampled), PDF + DOCX crawl',
      value: r.documents.extractionPeakMb,
      unit: 'MB',
      baseline: { name: 'HTML crawl', value: r.html.extractionPeakMb },
    },
    {
      db,
      metric: `documents: documents found by their own word (of ${r.texts})`,
      value: r.searchable,
      unit: 'searches',
      target: { min: r.texts, label: `${r.texts}` },
    },
  ];
}
