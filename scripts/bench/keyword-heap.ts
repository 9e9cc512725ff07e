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
import { connectInspector } from './inspector-client.ts';

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
  const workers: string[] = [];
  const inspector = await connectInspector(inspectorUrl, ({ attached, sessionId }) => {
    if (attached) workers.push(sessionId);
  });
  const mainUsage = async (): Promise<NodeJS.MemoryUsage> => {
    await inspector.call('HeapProfiler.collectGarbage');
    const answer = (await inspector.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
  };
  try {
    const main = await mainUsage();
    await inspector.call('NodeWorker.enable', { waitForDebuggerOnStart: false });
    // The threads running now are announced at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    let heapUsed = main.heapUsed;
    let external = main.external;
    for (const sessionId of workers) {
      // A worker's heap as its inspector counts it (its `process.memoryUsage()` is not always
      // reachable from the inspector: PGlite's thread answers "illegal access").
      await inspector.callThread(sessionId, 'HeapProfiler.collectGarbage');
      const usage = (await inspector.callThread(sessionId, 'Runtime.getHeapUsage')) as {
        usedSize: number;
        backingStorageSize?: number;
      };
      heapUsed += usage.usedSize;
      external += usage.backingStorageSize ?? 0;
    }
    return { heapUsedMb: heapUsed / MB, externalMb: external / MB, rssMb: main.rss / MB };
  } finally {
    inspector.close();
  }
}
