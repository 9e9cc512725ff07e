/**
 * The V8 heaps of some of a server's worker threads, sampled while work runs, through the V8
 * inspector of a server started with `--inspect` (ServerProcess's `inspect` option). The threads
 * share the process's memory, so /proc cannot tell their part of it; their inspector can: each
 * thread's `Runtime.getHeapUsage` (the inspector's NodeWorker domain attaches to every thread,
 * those that start later too): the heap V8 has committed for it and its array buffers' bytes. No
 * garbage is collected first (keyword-heap.ts does, for live memory): the figure is what a thread
 * holds at that moment, garbage included, as the process pays for it. Memory outside V8 (a
 * library's native buffers, the thread's stack) is not in it, and a sample every `everyMs` can
 * miss a shorter peak between two.
 */

export interface ThreadHeapPeak {
  /** The highest sum over the sampled threads of their V8 heap (committed) and array buffers. */
  peakMb: number;
  /** Threads sampled at least once (a pool may end and start some). */
  threads: number;
}

export interface ThreadHeapSampler {
  stop(): Promise<ThreadHeapPeak>;
}

interface Message {
  id?: number;
  result?: unknown;
  error?: { message: string };
  method?: string;
  params?: {
    sessionId?: string;
    message?: string;
    workerInfo?: { url?: string };
  };
}

interface HeapUsage {
  totalSize: number;
  backingStorageSize?: number;
}

const MB = 1024 * 1024;

/** Samples the heaps of the threads whose script URL `chosen` accepts, every `everyMs`, until stopped. */
export async function sampleThreadHeaps(
  inspectorUrl: string,
  chosen: (scriptUrl: string) => boolean,
  everyMs = 200,
): Promise<ThreadHeapSampler> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`No inspector at ${inspectorUrl}`)), {
      once: true,
    });
  });
  let next = 0;
  const waiting = new Map<number, (message: Message) => void>();
  const sessions = new Set<string>();
  const seen = new Set<string>();
  /** An error a thread answered: thrown by `stop`, as the sampling runs unawaited till then. */
  let failure: Error | undefined;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    const sessionId = message.params?.sessionId;
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else if (message.method === 'NodeWorker.attachedToWorker' && sessionId) {
      if (chosen(message.params?.workerInfo?.url ?? '')) sessions.add(sessionId);
    } else if (message.method === 'NodeWorker.detachedFromWorker' && sessionId) sessions.delete(sessionId);
    else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message) {
      const reply = JSON.parse(message.params.message) as Message;
      if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
    }
  });
  /** Sends `method` to a thread's session: its result, or undefined past `timeoutMs`. */
  const askThread = (sessionId: string, method: string, timeoutMs: number) => {
    const id = ++next;
    const answer = new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined); // The thread ended meanwhile, or was too busy to answer in time.
      }, timeoutMs);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (message.error) failure ??= new Error(`${method}: ${message.error.message}`);
        resolve(message.error ? undefined : message.result);
      });
    });
    const message = JSON.stringify({ id, method, params: {} });
    socket.send(
      JSON.stringify({
        id: ++next,
        method: 'NodeWorker.sendMessageToWorker',
        params: { sessionId, message },
      }),
    );
    return answer;
  };
  socket.send(
    JSON.stringify({ id: ++next, method: 'NodeWorker.enable', params: { waitForDebuggerOnStart: false } }),
  );
  let peak = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped && !failure) {
      const started = performance.now();
      const usages = await Promise.all(
        [...sessions].map(async (sessionId) => {
          const usage = (await askThread(sessionId, 'Runtime.getHeapUsage', everyMs * 5)) as
            | HeapUsage
            | undefined;
          if (usage) seen.add(sessionId);
          return usage ? usage.totalSize + (usage.backingStorageSize ?? 0) : 0;
        }),
      );
      peak = Math.max(
        peak,
        usages.reduce((sum, bytes) => sum + bytes, 0),
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))),
      );
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      socket.close();
      if (failure) throw failure;
      return { peakMb: peak / MB, threads: seen.size };
    },
  };
}
