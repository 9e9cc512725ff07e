/**
 * The server's live memory, read through the V8 inspector of a server started with `--inspect`
 * (ServerProcess's `inspect` option): a full garbage collection, then `process.memoryUsage()` of
 * its main thread. RSS alone overstates an index: V8 keeps the pages it grew to while building
 * it, and PGlite's memory is in the same process. The runtime does not report its index sizes.
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
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (message) => {
        waiting.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const answer = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    return { heapUsedMb: usage.heapUsed / MB, externalMb: usage.external / MB, rssMb: usage.rss / MB };
  } finally {
    socket.close();
  }
}
