/**
 * The server's live memory, read through the V8 inspector of a server started with `--inspect`
 * (ServerProcess's `inspect` option): a full garbage collection, then `process.memoryUsage()`, of
 * its main thread and of each of its worker threads (the inspector's NodeWorker domain): the
 * search threads hold their copies of an index's strings. A SharedArrayBuffer is counted in the
 * external memory of every thread holding it, so shared index arrays count more than once: an
 * overstatement, never an understatement. RSS alone overstates an index too: V8 keeps the pages
 * it grew to while building it, and PGlite's memory is in the same process. The runtime does not
 * report its index sizes.
 */

export interface LiveMemory {
  /** V8 heap in use after a full collection. */
  heapUsedMb: number;
  /** Memory outside the V8 heap held by JavaScript objects (typed arrays' buffers, strings' external data). */
  externalMb: number;
  rssMb: number;
}

const MB = 1024 * 1024;

/** Collects the garbage of the process behind `inspectorUrl`, then reads its memory. */
export async function liveMemory(inspectorUrl: string): Promise<LiveMemory> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`No inspector at ${inspectorUrl}`)), {
      once: true,
    });
  });
  let next = 0;
  const waiting = new Map<number, (message: Reply) => void>();
  const workers: string[] = [];
  const fromWorkers = new Map<number, (message: Reply) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Reply & {
      method?: string;
      params?: { sessionId?: string; message?: string };
    };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else if (message.method === 'NodeWorker.attachedToWorker' && message.params?.sessionId)
      workers.push(message.params.sessionId);
    else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message) {
      const reply = JSON.parse(message.params.message) as Reply;
      if (reply.id !== undefined) fromWorkers.get(reply.id)?.(reply);
    }
  });
  const answered = (method: string, map: Map<number, (message: Reply) => void>, id: number) =>
    new Promise<unknown>((resolve, reject) => {
      map.set(id, (message) => {
        map.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
    });
  const call = (method: string, params: Record<string, unknown> = {}) => {
    const id = ++next;
    const done = answered(method, waiting, id);
    socket.send(JSON.stringify({ id, method, params }));
    return done;
  };
  const callWorker = (sessionId: string, method: string, params: Record<string, unknown> = {}) => {
    const id = ++next;
    const done = answered(method, fromWorkers, id);
    void call('NodeWorker.sendMessageToWorker', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    return done;
  };
  const mainUsage = async (): Promise<NodeJS.MemoryUsage> => {
    await call('HeapProfiler.collectGarbage');
    const answer = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
  };
  try {
    const main = await mainUsage();
    await call('NodeWorker.enable', { waitForDebuggerOnStart: false });
    // The threads running now are announced at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    let heapUsed = main.heapUsed;
    let external = main.external;
    for (const sessionId of workers) {
      // A worker's heap as its inspector counts it (its `process.memoryUsage()` is not always
      // reachable from the inspector: PGlite's thread answers "illegal access").
      const run = (method: string, params?: Record<string, unknown>) => callWorker(sessionId, method, params);
      await run('HeapProfiler.collectGarbage');
      const usage = (await run('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
      heapUsed += usage.usedSize;
      external += usage.backingStorageSize ?? 0;
    }
    return { heapUsedMb: heapUsed / MB, externalMb: external / MB, rssMb: main.rss / MB };
  } finally {
    socket.close();
  }
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}
