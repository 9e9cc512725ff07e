import { availableParallelism } from 'node:os';
import type { Changes } from '../../changes/changes.ts';
import { findPublishedKeyword } from '../../repositories/keyword/live-clients.ts';
import type { Store } from '../../store/types.ts';
import { createMemoryBackend } from '../index/index.ts';
import { SnippetBuilder } from '../page-texts/index.ts';
import {
  GenerationRegistry,
  isStoreGone,
  type MeasuredBackend,
  type RegistryErrorLog,
} from './generation-registry.ts';
import { generationOf } from './live-keyword.ts';
import { EventLoopLoad } from './loop-load.ts';
import { PageTextCache } from './page-text-cache.ts';
import { changedEngineOf } from './publish-announce.ts';

/** The keyword search runtime of one store: its indexes, and the page texts results show. */
export interface KeywordRuntime {
  store: Store;
  registry: GenerationRegistry;
  texts: PageTextCache;
  snippets: SnippetBuilder;
  /** Searches being answered now (answers from the cache of answers aside). */
  searching: number;
  /** Whether the event loop has been busy lately (searches queue behind each other). */
  loop: EventLoopLoad;
  /** Stops indexing published crawls, drops the indexes and stops the snippet worker. */
  close(): Promise<void>;
}

/**
 * Indexes an engine's new generation as soon as it is announced (this process, or another one on
 * the notification), so the first search of the new pages does not wait for it.
 */
async function indexPublished(
  store: Store,
  registry: GenerationRegistry,
  engine: { accountId: string; engineId: string },
): Promise<void> {
  const found = await findPublishedKeyword(store, engine.accountId, engine.engineId);
  // Deleted, or nothing to search: its indexes go now rather than when memory runs short.
  if (!found || found.publishedRunId === null) return registry.dropEngine(engine);
  await registry.prepare(generationOf(store, engine, found.publishedRunId, found.engine));
}

/**
 * The keyword runtime of an app that serves search (a crawl worker has none, and indexes nothing):
 * made with the app, closed with it. Indexes each generation announced on `changes` at once.
 */
export function keywordRuntime(
  store: Store,
  changes: Changes,
  options: {
    log?: RegistryErrorLog;
    backend?: MeasuredBackend;
    budgetBytes?: number;
    /** Snippets on a worker thread when searches overlap; by default with more than one core. */
    snippetWorker?: boolean;
  } = {},
): KeywordRuntime {
  const log = options.log ?? ((error, what) => console.error(`Keyword search: ${what} failed:`, error));
  const registry = new GenerationRegistry(store, options.backend ?? createMemoryBackend(), {
    log,
    ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
  });
  const unsubscribe = changes.on('keywordGenerations', (change) => {
    const engine = changedEngineOf(change);
    if (!engine) return;
    indexPublished(store, registry, engine).catch((error: unknown) => {
      // The store closing (shutdown) ends the work; the first search will index it otherwise.
      if (!isStoreGone(error)) log(error, `indexing the crawl published for engine ${engine.engineId}`);
    });
  });
  const runtime: KeywordRuntime = {
    store,
    registry,
    texts: new PageTextCache(),
    snippets: new SnippetBuilder({
      worker: options.snippetWorker ?? availableParallelism() > 1,
      onError: (error) => log(error, 'building snippets on the worker thread (now built in line)'),
    }),
    searching: 0,
    loop: new EventLoopLoad(),
    async close() {
      unsubscribe();
      await Promise.all([registry.close(), runtime.snippets.close()]);
    },
  };
  return runtime;
}
