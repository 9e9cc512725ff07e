import { Worker } from 'node:worker_threads';
import { showPages } from './show-pages.ts';
import type { ShowMessage, ShownPage, ShowReply, ShowRequest } from './snippet-protocol.ts';

const WORKER_URL = new URL('./snippet-worker.ts', import.meta.url);

interface Waiting {
  request: ShowRequest;
  resolve: (shown: ShownPage[]) => void;
  reject: (error: Error) => void;
}

/**
 * Builds the snippets of searches. A snippet reads its whole page (the best passage can be
 * anywhere), about a third of a keyword search's CPU; with `worker` (a machine of more than one
 * core) they may be built on a worker thread, one message per search, so the event loop answers
 * other requests and searches the index meanwhile (the caller says when: a thread hop adds to a
 * search that has the process to itself). The thread starts with the first search and does not
 * keep the process alive while idle. Should it fail, the searches waiting on it and all later ones
 * build their snippets on the calling thread (the failure is reported once to `onError`).
 */
export class SnippetBuilder {
  readonly #useWorker: boolean;
  readonly #workerUrl: URL;
  readonly #onError: (error: unknown) => void;
  readonly #waiting = new Map<number, Waiting>();
  #worker: Worker | undefined;
  #failed = false;
  #closed = false;
  #next = 1;
  #workerBuilds = 0;

  /** `workerUrl`: the worker's script; only tests give another, to see a failing worker. */
  constructor(options: { worker: boolean; onError: (error: unknown) => void; workerUrl?: URL }) {
    this.#useWorker = options.worker;
    this.#workerUrl = options.workerUrl ?? WORKER_URL;
    this.#onError = options.onError;
  }

  /** Searches whose snippets the worker has built. */
  get workerBuilds(): number {
    return this.#workerBuilds;
  }

  /**
   * The titles and snippets of a search's pages, in order; on the worker when `offload` (and it is
   * used), else in line.
   */
  build(request: ShowRequest, offload = true): Promise<ShownPage[]> {
    if (request.terms.length === 0) return Promise.resolve([]);
    const worker = offload ? this.#workerOrNone() : undefined;
    if (!worker) return Promise.resolve(showPages(request));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#waiting.size === 0) worker.ref();
      this.#waiting.set(id, { request, resolve, reject });
      worker.postMessage({ id, ...request } satisfies ShowMessage);
    });
  }

  #workerOrNone(): Worker | undefined {
    if (!this.#useWorker || this.#failed || this.#closed) return undefined;
    if (!this.#worker) {
      const worker = new Worker(this.#workerUrl);
      worker.unref();
      worker.on('message', (reply: ShowReply) => this.#answer(reply));
      worker.on('error', (error) => this.#fail(worker, error));
      worker.on('exit', (code) =>
        this.#fail(worker, new Error(`The snippet worker stopped (exit code ${code}).`)),
      );
      this.#worker = worker;
    }
    return this.#worker;
  }

  #answer(reply: ShowReply): void {
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker?.unref();
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else {
      this.#workerBuilds++;
      waiting.resolve(reply.shown);
    }
  }

  /** The worker in use failing; one stopped by `close` is no longer `#worker`, and is not. */
  #fail(worker: Worker, error: unknown): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#failed = true;
    this.#onError(error);
    this.#buildWaitingHere();
  }

  #buildWaitingHere(): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const { request, resolve, reject } of waiting) {
      try {
        resolve(showPages(request));
      } catch (error) {
        reject(error as Error);
      }
    }
  }

  /** Stops the worker; searches still waiting on it get their snippets built here. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    this.#buildWaitingHere();
    if (worker) await worker.terminate();
  }
}
