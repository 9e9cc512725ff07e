import { Worker } from 'node:worker_threads';
import type {
  BackendQuery,
  BackendResult,
  ExplainedResult,
  GenerationKey,
  IndexedPageRef,
  KeywordPage,
} from '../backend.ts';
import { indexBytes } from './build.ts';
import type { IndexData } from './index-data.ts';
import { buildIndex, keyText, type MemoryBackend } from './memory-backend.ts';
import type { SearchCall, SearchMessage, SearchReply } from './search-protocol.ts';
import { sharedIndexData } from './shared-data.ts';

const WORKER_URL = new URL('./search-worker.ts', import.meta.url);

interface Call {
  call: SearchCall;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Sent again to a restarted thread once already: a call that stops a thread twice fails. */
  retried: boolean;
}

/** One search thread and the calls it has not answered yet. */
class SearchThread {
  readonly pending = new Map<number, Call>();
  readonly #url: URL;
  readonly #onExit: (thread: SearchThread, error: Error) => void;
  worker: Worker;

  constructor(url: URL, onExit: (thread: SearchThread, error: Error) => void) {
    this.#url = url;
    this.#onExit = onExit;
    this.worker = this.#start();
  }

  #start(): Worker {
    const worker = new Worker(this.#url);
    worker.unref();
    worker.on('message', (reply: SearchReply) => this.#answer(reply));
    // An error is followed by the exit, where the calls are dealt with.
    worker.on('error', () => {});
    worker.on('exit', (code) => {
      if (this.worker === worker)
        this.#onExit(this, new Error(`A search thread stopped (exit code ${code}).`));
    });
    return worker;
  }

  /** A new thread in place of one that stopped; its calls are the caller's to send again. */
  restart(): Call[] {
    const calls = [...this.pending.values()];
    this.pending.clear();
    this.worker = this.#start();
    return calls;
  }

  send(id: number, entry: Call): void {
    if (this.pending.size === 0) this.worker.ref();
    this.pending.set(id, entry);
    this.worker.postMessage({ id, ...entry.call } satisfies SearchMessage);
  }

  #answer(reply: SearchReply): void {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in reply) entry.reject(new Error(reply.error));
    else entry.resolve(reply.value);
  }
}

/**
 * The in-memory keyword backend on `threads` search threads (issue 39: a search used one core of
 * two while the other idled). An index is built on the event loop as `createMemoryBackend` builds
 * it, then its typed arrays are copied into one SharedArrayBuffer (shared-data.ts) and it is sent
 * to every thread; each search goes to the thread with the fewest calls waiting, so the event loop
 * only routes requests and answers. The threads start with the first index and do not keep the
 * process alive while idle. The shared index is kept here too: a thread that stops is started
 * again with every index, and the calls it had are sent to it once more (a call that stops it
 * again fails). docs/adr/0049-search-threads.md.
 */
export function createThreadedBackend(
  threads: number,
  options: { workerUrl?: URL; delayedLoop?: Parameters<typeof buildIndex>[1] } = {},
): MemoryBackend & { close(): Promise<void> } {
  const indexes = new Map<string, { data: IndexData; bytes: number }>();
  let pool: SearchThread[] | undefined;
  let next = 1;

  const onExit = (thread: SearchThread, error: Error) => {
    const calls = thread.restart();
    // Every index first: a thread answers its messages in the order sent.
    for (const [key, { data }] of indexes) post(thread, { op: 'add', key, data }, true);
    for (const entry of calls) {
      if (entry.retried) entry.reject(error);
      else thread.send(next++, { ...entry, retried: true });
    }
  };
  const threadsNow = (): SearchThread[] => {
    pool ??= Array.from({ length: threads }, () => new SearchThread(options.workerUrl ?? WORKER_URL, onExit));
    return pool;
  };
  const post = (thread: SearchThread, call: SearchCall, retried = false) =>
    new Promise<unknown>((resolve, reject) => thread.send(next++, { call, resolve, reject, retried }));
  const idlest = (): SearchThread => threadsNow().reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  const ask = <T>(key: GenerationKey, call: SearchCall): Promise<T> => {
    if (!indexes.has(keyText(key)))
      return Promise.reject(new Error(`The generation ${keyText(key)} is not indexed.`));
    return post(idlest(), call) as Promise<T>;
  };

  return {
    async index(key: GenerationKey, pages: AsyncIterable<readonly KeywordPage[]>): Promise<void> {
      const built = await buildIndex(pages, options.delayedLoop);
      const { data, sharedBytes } = sharedIndexData(built);
      const text = keyText(key);
      await Promise.all(threadsNow().map((thread) => post(thread, { op: 'add', key: text, data })));
      // The shared arrays once; the strings and maps here and in every thread.
      const bytes = indexBytes(built);
      indexes.set(text, { data, bytes: bytes + threads * (bytes - sharedBytes) });
    },
    has: (key) => indexes.has(keyText(key)),
    search: (key: GenerationKey, query: BackendQuery) =>
      ask<BackendResult>(key, { op: 'search', key: keyText(key), query }),
    explain: (key: GenerationKey, query: BackendQuery) =>
      ask<ExplainedResult>(key, { op: 'explain', key: keyText(key), query }),
    lookup: (key: GenerationKey, urls: readonly string[]) =>
      ask<IndexedPageRef[]>(key, { op: 'lookup', key: keyText(key), urls }),
    suggest: (key: GenerationKey, words: readonly string[], limit: number) =>
      ask<IndexedPageRef[]>(key, { op: 'suggest', key: keyText(key), words, limit }),
    async drop(key: GenerationKey): Promise<void> {
      const text = keyText(key);
      if (!indexes.delete(text) || !pool) return;
      await Promise.all(pool.map((thread) => post(thread, { op: 'drop', key: text })));
    },
    memoryBytes: (key) => indexes.get(keyText(key))?.bytes ?? 0,
    async close(): Promise<void> {
      const threadsOpen = pool ?? [];
      pool = undefined;
      indexes.clear();
      for (const thread of threadsOpen) {
        thread.worker.removeAllListeners('exit');
        for (const entry of thread.pending.values())
          entry.reject(new Error('The search threads were closed.'));
        thread.pending.clear();
      }
      await Promise.all(threadsOpen.map((thread) => thread.worker.terminate()));
    },
  };
}
