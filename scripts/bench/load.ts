import { fork } from 'node:child_process';
import { ownAgent, request } from './http-client.ts';

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

export interface LoadOptions {
  concurrency: number;
  /** Requests measured (after the warm-up), unless `maxMs` runs out first. */
  requests: number;
  warmup: number;
  /** The warm-up lasts at least `warmupMinMs` (caches, indexes and JIT settle), at most `warmupMs`. */
  warmupMinMs: number;
  warmupMs: number;
  maxMs: number;
  /** Sends request `i` and answers its latency in ms; throws on a wrong answer. */
  send: (i: number) => Promise<number>;
}

/**
 * Closed-loop load: `concurrency` clients, each sending its next request when its last one answered.
 * Warm-up requests are numbered from `requests` up, so they never pre-answer a measured one.
 */
export async function runLoad(options: LoadOptions): Promise<Latency & { perSecond: number }> {
  const samples: number[] = [];
  const started = performance.now();
  let warmups = 0;
  let measured = 0;
  let measuredFrom = 0;
  let deadline = Number.POSITIVE_INFINITY;
  const client = async () => {
    for (;;) {
      const now = performance.now();
      const warming =
        measuredFrom === 0 &&
        now - started < options.warmupMs &&
        (warmups < options.warmup || now - started < options.warmupMinMs);
      if (warming) {
        await options.send(options.requests + warmups++);
        continue;
      }
      if (measuredFrom === 0) {
        measuredFrom = now;
        deadline = now + options.maxMs;
      }
      if (measured >= options.requests || now >= deadline) return;
      samples.push(await options.send(measured++));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const seconds = (performance.now() - measuredFrom) / 1000;
  return { ...latency(samples), perSecond: seconds > 0 ? samples.length / seconds : 0 };
}

export interface OpenLoadOptions {
  /** Requests sent per second, evenly spaced, whether or not the earlier ones answered. */
  perSecond: number;
  /** The first `warmupMs` of requests are sent but not measured. */
  warmupMs: number;
  /** How long requests are measured. */
  maxMs: number;
  /** Sends request `i`; resolves when it answered (throws on a wrong answer). */
  send: (i: number) => Promise<void>;
}

/** Requests of an open load waiting or in flight at once before the load gives up (the server stalled). */
const OPEN_BACKLOG_MAX = 5000;

/**
 * Open-loop load: requests arrive at a fixed rate, as visitors' searches do, and each latency runs
 * from the moment the request was due, so a stall counts in every request it delays (a closed loop
 * measures its clients' own waiting instead: its latency is concurrency / throughput). What `send`
 * sends them over (how many connections) is its own.
 */
export async function runOpenLoad(options: OpenLoadOptions): Promise<Latency & { perSecond: number }> {
  const samples: number[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const end = options.warmupMs + options.maxMs;
  let failure: unknown;
  for (let i = 0; ; i++) {
    const offset = (i * 1000) / options.perSecond;
    if (offset >= end) break;
    const due = started + offset;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (failure !== undefined) throw failure;
    if (pending.size >= OPEN_BACKLOG_MAX)
      throw new Error(`Open load at ${options.perSecond}/s: ${pending.size} requests unanswered`);
    const measured = offset >= options.warmupMs;
    const sent = options.send(i).then(
      () => {
        if (measured) samples.push(performance.now() - due);
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  }
  await Promise.all(pending);
  if (failure !== undefined) throw failure;
  return { ...latency(samples), perSecond: samples.length / (options.maxMs / 1000) };
}

/**
 * Open-loop probe: a request every `everyMs` whether or not the last one answered, so a stall shows
 * in every request sent during it (a sequential probe would record it once).
 */
export function probe(url: string, everyMs: number): { stop: () => Promise<Latency> } {
  const samples: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const agent = ownAgent();
  const timer = setInterval(() => {
    if (inFlight.size >= 500) return;
    const sent = request(url, { agent }).then(
      (answer) => {
        samples.push(answer.status === 200 ? answer.ms : Number.POSITIVE_INFINITY);
      },
      () => {
        samples.push(Number.POSITIVE_INFINITY);
      },
    );
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return latency(samples);
    },
  };
}

/** `probe` run in a child process (see probe-process.ts); resolves once it is probing. */
export async function probeApart(url: string, everyMs: number): Promise<{ stop: () => Promise<Latency> }> {
  const child = fork(new URL('./probe-process.ts', import.meta.url), [url, String(everyMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`The probe process exited with ${code}`)));
  });
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), failed]);
  return {
    stop: () =>
      Promise.race([
        new Promise<Latency>((resolve) => {
          child.on('message', (message: { type: string; result?: Latency }) => {
            if (message.type === 'latency' && message.result) resolve(message.result);
          });
          child.send('stop');
        }),
        failed,
      ]),
  };
}

/** What an open load's window measured: latencies of the answered requests, and the failed ones. */
export interface OpenWindow extends Latency {
  /** Requests that failed (an error or a wrong answer), not in the latencies. */
  failed: number;
  /** The first failure's message, when one failed. */
  firstFailure?: string;
  perSecond: number;
}

/** A running open load: requests keep arriving at the rate until `stop`; windows measure parts of it. */
export interface RunningOpenLoad {
  /** Starts a window: requests due from now on are measured. */
  measure(): void;
  /** Ends the window: requests due until now, once all of them have answered. */
  result(): Promise<OpenWindow>;
  stop(): Promise<void>;
}

/**
 * `runOpenLoad` that runs until stopped and is measured in windows (a phase of quiet, a phase of
 * other work, with no pause in the arrivals between them), counting failures instead of stopping:
 * a stall that makes requests fail is a figure, not the end of the bench.
 */
export function startOpenLoad(options: {
  perSecond: number;
  send: (i: number) => Promise<void>;
}): RunningOpenLoad {
  const started = performance.now();
  let stopped = false;
  let window:
    | { from: number; samples: number[]; failed: number; firstFailure?: string; pending: Set<Promise<void>> }
    | undefined;
  const arrivals = (async () => {
    for (let i = 0; !stopped; i++) {
      const due = started + (i * 1000) / options.perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) return;
      const measured = window;
      const sent = options.send(i).then(
        () => {
          measured?.samples.push(performance.now() - due);
        },
        (error: unknown) => {
          if (!measured) return;
          measured.failed += 1;
          measured.firstFailure ??= error instanceof Error ? error.message : String(error);
        },
      );
      if (measured) {
        measured.pending.add(sent);
        void sent.finally(() => measured.pending.delete(sent));
      }
    }
  })();
  return {
    measure() {
      window = { from: performance.now(), samples: [], failed: 0, pending: new Set() };
    },
    async result() {
      const ended = window;
      if (!ended) throw new Error('No window is being measured');
      window = undefined;
      const seconds = (performance.now() - ended.from) / 1000;
      await Promise.all(ended.pending);
      return {
        ...latency(ended.samples),
        failed: ended.failed,
        ...(ended.firstFailure ? { firstFailure: ended.firstFailure } : {}),
        perSecond: seconds > 0 ? (ended.samples.length + ended.failed) / seconds : 0,
      };
    },
    async stop() {
      stopped = true;
      await arrivals;
    },
  };
}
