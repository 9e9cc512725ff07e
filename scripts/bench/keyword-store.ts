/**
 * The keyword bench's reads and writes of the server's store, made from the bench process while
 * the server is stopped (a PGlite data directory belongs to one process): the pages of a published
 * crawl, and a generation of pages loaded with COPY then published as the crawl loop publishes.
 */

import { Changes, finishCrawlWithPages } from '@siteseer/test-support/crawl-runs';
import { findCrawler } from '@siteseer/test-support/crawl-store';
import { chunkLines, csvCopyLine, openStore } from '@siteseer/test-support/store';
import type { Place } from './place.ts';

export type Store = Awaited<ReturnType<typeof openStore>>;
type Session = Parameters<Parameters<Store['withSession']>[0]>[0];
export type Queryable = Pick<Session, 'query' | 'exec'>;

/** One keyword engine of one account. */
export interface EngineRef {
  accountId: string;
  engineId: string;
}

/** Opens the store a stopped server used (its data directory, or its schema on PostgreSQL). */
export function openServerStore(where: Place): Promise<Store> {
  return openStore({
    ...(where.database
      ? { databaseUrl: where.database.url, schema: where.database.schema }
      : { dataDir: where.dataDir }),
    migrationsDir: null,
  });
}

/** The engine's crawler as the store has it: its run, the published one and when the run ended. */
export async function crawlerOf(store: Store, engine: EngineRef) {
  const crawler = await findCrawler(store, engine.accountId, engine.engineId);
  if (!crawler) throw new Error(`Engine ${engine.engineId} has no crawler`);
  return crawler;
}

/** A page to load into a generation (crawl_pages' fields). */
export interface NewPage {
  url: string;
  title: string;
  headings: readonly string[];
  description: string;
  body: string;
}

/** A PostgreSQL array literal of texts, every element quoted. */
function textArrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * Loads `pages` into the engine's running crawl with COPY, then finishes and publishes that run
 * with the crawl loop's own `finishCrawlRun` (the first crawl of an engine is always published).
 * Answers the run and its pages.
 */
export async function loadAndPublish(
  store: Store,
  engine: EngineRef,
  pages: Iterable<NewPage>,
): Promise<{ runId: number; pages: number }> {
  const crawler = await crawlerOf(store, engine);
  if (crawler.state !== 'crawling') throw new Error(`The crawl is ${crawler.state}, not crawling`);
  const { runId } = crawler;
  function* lines(): Generator<string> {
    let n = 0;
    for (const page of pages) {
      n += 1;
      yield csvCopyLine([
        engine.accountId,
        engine.engineId,
        runId,
        page.url,
        page.url,
        page.title,
        textArrayLiteral(page.headings),
        page.description,
        'en',
        page.body,
        '{"tags":[]}',
        `bench-${n}`,
      ]);
    }
  }
  await store.copyFrom(
    `COPY crawl_pages (account_id, engine_id, run_id, url_key, url, title, headings, description,
       language, body, custom_tags, content_hash) FROM STDIN WITH (FORMAT csv)`,
    chunkLines(lines()),
  );
  // The server hears of it by its own reading of the store (PGlite) or the notification (PostgreSQL).
  const changes = new Changes(store, (error, what) => console.error(`${what} failed:`, error));
  const finished = await finishCrawlWithPages(store, changes, engine, 0);
  if (!finished?.published) throw new Error(`Run ${runId} was not published: ${JSON.stringify(finished)}`);
  return { runId, pages: finished.pages };
}
