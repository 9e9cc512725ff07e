import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { DOCUMENT_LIMITS, type DocumentOutcome, type DocumentTask } from './documents/index.ts';
import type { ExtractedPage, ExtractOptions } from './extract-page.ts';
import type { ExtractTask } from './extract-worker.ts';

/** How long an idle extraction thread is kept before it ends (a crawl keeps them busy). */
const IDLE_MS = 30_000;
/** The heap one extraction thread may use: a page past it fails alone, with the worker's reason. */
const HEAP_MB = 512;
/**
 * Its young generation: a page's parse is short-lived garbage of a few MB. Without this limit the
 * thread's young generation grew and stayed: the 100,000-URL crawl test measured +470 MB of resident
 * memory against the +300 MB it allows (passes with it).
 */
const YOUNG_MB = 16;

/**
 * Extracts fetched pages on worker threads below the API thread's priority (extract-worker.ts), so
 * that parsing a crawl's pages never holds the event loop that answers searches: on 2 CPUs it was a
 * fifth of that loop's time during a crawl (`pnpm bench:busy-search`). One thread per CPU but one,
 * at least one; a crawl's URLs in flight wait their turn in the pool's queue.
 */
export class ExtractPool {
  readonly #pool = new Piscina<ExtractTask | DocumentTask, ExtractedPage | DocumentOutcome>({
    filename: new URL('./extract-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB },
  });

  /** extractPage on a pool thread: the same page, or the same error message. */
  extract(html: string, options: ExtractOptions): Promise<ExtractedPage> {
    return this.#pool.run({ html, options }) as Promise<ExtractedPage>;
  }

  /**
   * readDocument on a pool thread. Past the parse-time limit the thread is ended (PDF.js cannot be
   * interrupted otherwise) and the document refused; the pool starts another thread for the next.
   */
  async readDocument(task: DocumentTask): Promise<DocumentOutcome> {
    const parseTimeMs = (task.limits ?? DOCUMENT_LIMITS).parseTimeMs;
    const signal = AbortSignal.timeout(parseTimeMs);
    try {
      return (await this.#pool.run(task, { name: 'document', signal })) as DocumentOutcome;
    } catch (error) {
      if (!signal.aborted) throw error;
      return {
        kind: 'refused',
        reason: `Reading the document took longer than ${parseTimeMs / 1000} s, the limit for one document.`,
      };
    }
  }

  /** Ends the threads; pages still queued are refused. */
  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
