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
import { connectInspector } from './inspector-client.ts';

export interface ThreadHeapPeak {
  /** The highest sum over the sampled threads of their V8 heap (committed) and array buffers. */
  peakMb: number;
  /** Threads sampled at least once (a pool may end and start some). */
  threads: number;
}

export interface ThreadHeapSampler {
  stop(): Promise<ThreadHeapPeak>;
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
  const sessions = new Set<string>();
  const seen = new Set<string>();
  const inspector = await connectInspector(inspectorUrl, ({ attached, sessionId, url }) => {
    if (!attached) sessions.delete(sessionId);
    else if (chosen(url)) sessions.add(sessionId);
  });
  /** An error a thread answered: thrown by `stop`, as the sampling runs unawaited till then. */
  let failure: Error | undefined;
  const heapOf = async (sessionId: string): Promise<number> => {
    let usage: HeapUsage | undefined;
    try {
      usage = (await inspector.callThread(sessionId, 'Runtime.getHeapUsage', {}, everyMs * 5)) as
        | HeapUsage
        | undefined;
    } catch (error) {
      failure ??= error as Error;
      return 0;
    }
    if (!usage) return 0;
    seen.add(sessionId);
    return usage.totalSize + (usage.backingStorageSize ?? 0);
  };
  await inspector.call('NodeWorker.enable', { waitForDebuggerOnStart: false });
  let peak = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped && !failure) {
      const started = performance.now();
      const usages = await Promise.all([...sessions].map(heapOf));
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
      inspector.close();
      if (failure) throw failure;
      return { peakMb: peak / MB, threads: seen.size };
    },
  };
}
