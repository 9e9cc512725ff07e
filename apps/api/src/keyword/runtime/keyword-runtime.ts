import { availableParallelism } from 'node:os';
import type { Changes } from '../../changes/changes.ts';
import { findPublishedKeyword } from '../../repositories/keyword/live-clients.ts';
import type { IndexMemory } from '../../serving/index-memory.ts';
import type { SearchSource } from '../../serving/search-source.ts';
import { isStoreGone } from '../../store/errors.ts';
import { createMemoryBackend, createThreadedBackend } from '../index/index.ts';
import { SnippetBuilder } from '../page-texts/index.ts';
import { GenerationRegistry, type MeasuredBackend, type RegistryErrorLog } from './generation-registry.ts';
import { generationOf } from './live-keyword.ts';
import { EventLoopLoad } from './loop-load.ts';
import { PageTextCache } from './page-text-cache.ts';
import { changedEngineOf } from './publish-announce.ts';

/** The keyword search runtime of one app: its indexes, and the page texts results show. */
export interface KeywordRuntime extends SearchSource {
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
  { store, caches }: SearchSource,
  registry: GenerationRegistry,
  engine: { accountId: string; engineId: string },
): Promise<void> {
  const found = await findPublishedKeyword(store, engine.accountId, engine.engineId);
  // Deleted, or nothing to search: its indexes go now rather than when memory runs short.
  if (!found || found.publishedRunId === null) return registry.dropEngine(engine);
  await registry.prepare(generationOf(caches, engine, found.publishedRunId, found.engine));
}

/**
 * The keyword runtime of an app that serves search (a crawl worker has none, and indexes nothing):
 * made with the app, closed with it. Indexes each generation announced on `changes` at once. Its
 * indexes are counted in `memory`, the app's budget shared with its parametric indexes (without
 * it, in a budget of their own of `budgetBytes`, or of the machine's default size).
 */
export function keywordRuntime(
  source: SearchSource,
  changes: Changes,
  options: {
    log?: RegistryErrorLog;
    backend?: MeasuredBackend;
    memory?: IndexMemory;
    budgetBytes?: number;
    /** Snippets on a worker thread when searches overlap; by default with more than one core. */
    snippetWorker?: boolean;
    /** Threads searching the indexes beside the event loop (0, the default: on the event loop). */
    searchThreads?: number;
  } = {},
): KeywordRuntime {
  const threaded =
    options.backend === undefined && (options.searchThreads ?? 0) > 0
      ? createThreadedBackend(options.searchThreads ?? 0)
      : undefined;
  const log = options.log ?? ((error, what) => console.error(`Keyword search: ${what} failed:`, error));
  const registry = new GenerationRegistry(
    source.store,
    options.backend ?? threaded ?? createMemoryBackend(),
    {
      log,
      ...(options.memory === undefined ? {} : { memory: options.memory }),
      ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    },
  );
  const unsubscribe = changes.on('keywordGenerations', (change) => {
    const engine = changedEngineOf(change);
    if (!engine) return;
    indexPublished(source, registry, engine).catch((error: unknown) => {
      // The store closing (shutdown) ends the work; the first search will index it otherwise.
      if (!isStoreGone(error)) log(error, `indexing the crawl published for engine ${engine.engineId}`);
    });
  });
  const runtime: KeywordRuntime = {
    store: source.store,
    caches: source.caches,
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
      await threaded?.close();
    },
  };
  return runtime;
}
