import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { refusal } from './expect-refusal.test-kit.ts';
import { productCsv } from './generated-csv.test-kit.ts';
import { parseAndInfer } from './parse-spreadsheet.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { typedRowsInWorker } from './typed-rows-in-worker.ts';
import { runInWorker } from './worker-runner.ts';

/** The largest CSV an import meets: 60,000 rows, ~9.8 MB. */
const big = productCsv(60_000);

const cpuMs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000;

/**
 * Runs `task` under a 5 ms interval probe, as a health check waiting its turn would see the event
 * loop. Reports the longest stretch between two probes both in wall time (the lag a request would
 * feel) and in this thread's CPU time (how long our code kept the loop busy). The assertions use the
 * CPU figure: the wall figure also counts the time the OS gives the CPU to other processes (other
 * test files, other builds on the machine), which would make a timing test flaky.
 */
async function probed<T>(
  task: () => Promise<T>,
): Promise<{ result: T; maxLagMs: number; maxBusyMs: number }> {
  let maxLagMs = 0;
  let maxBusyMs = 0;
  let last = performance.now();
  let lastCpu = process.threadCpuUsage();
  const probe = setInterval(() => {
    const now = performance.now();
    const cpu = process.threadCpuUsage();
    maxLagMs = Math.max(maxLagMs, now - last - 5);
    maxBusyMs = Math.max(maxBusyMs, cpuMs(process.threadCpuUsage(lastCpu)));
    last = now;
    lastCpu = cpu;
  }, 5);
  try {
    const result = await task();
    return { result, maxLagMs, maxBusyMs };
  } finally {
    clearInterval(probe);
  }
}

/** Keeps this thread busy for `ms` of its own CPU time, however loaded the machine. */
function burnCpu(ms: number): void {
  const start = process.threadCpuUsage();
  while (cpuMs(process.threadCpuUsage(start)) < ms) {
    // spin
  }
}

describe('the parse worker keeps the event loop free', () => {
  it('the probe sees a blocked loop (the control)', async () => {
    const { maxBusyMs } = await probed(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      burnCpu(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });

    expect(maxBusyMs).toBeGreaterThanOrEqual(190);
  });

  it('parses and infers a 10 MB CSV, then types its 60k rows, blocking the loop < 150 ms at a time', async () => {
    // In the calling thread this blocks the loop ~0.5 s for the parse and ~0.1-0.3 s for the typing.
    const parse = await probed(() => parseAndInfer(big, 'big.csv'));
    const { table, inferred } = parse.result;
    const typing = await probed(() => typedRowsInWorker(table, inferred));

    expect(table.rows).toHaveLength(60_000);
    expect(typing.result).toHaveLength(60_000);
    expect(parse.maxBusyMs).toBeLessThan(150);
    expect(typing.maxBusyMs).toBeLessThan(150);
  });

  it('lowers the priority of its own thread only, never the API thread', async () => {
    const before = getPriority();

    await parseAndInfer(productCsv(10), 'small.csv');

    expect(getPriority()).toBe(before);
  });
});

describe('a worker out of time or memory, or crashed, is a too_complex refusal', () => {
  it('a CSV that takes longer than the time limit', async () => {
    const error = await refusal(() => parseAndInfer(big, 'big.csv', { timeoutMs: 20 }));

    expect(error.code).toBe('too_complex');
    expect(error.message).toBe(
      "'big.csv' took longer than 20 ms to read. Split it into smaller files or remove columns, and upload it again.",
    );
  });

  it('a CSV that needs more memory than the worker may use', async () => {
    const error = await refusal(() => parseAndInfer(big, 'big.csv', { heapMb: 8 }));

    expect(error.code).toBe('too_complex');
    expect(error.message).toMatch(/^'big.csv' needs too much memory to read\. Split it/);
  });

  it('typing rows that takes longer than the time limit', async () => {
    const { table, inferred } = await parseAndInfer(productCsv(20_000), 'p.csv');

    const error = await refusal(() => typedRowsInWorker(table, inferred, { timeoutMs: 20 }));

    expect(error.code).toBe('too_complex');
    expect(error.message).toBe(
      "The spreadsheet's 20,000 rows took longer than 20 ms to convert to their column types. Remove rows or columns and try again.",
    );
  });

  const task = { subject: "'x.csv'", action: 'read', advice: 'Try again.' };
  const job = { kind: 'typed-rows', headers: [], columnIds: [], configuration: {} } as never;
  const script = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

  it('a worker that exits without an answer', async () => {
    const error = await refusal(() => runInWorker({ job, task, workerUrl: script('process.exit(3)') }));

    expect(error.code).toBe('too_complex');
    expect(error.message).toBe("'x.csv' made the parse worker stop unexpectedly (exit code 3). Try again.");
  });

  it('but a bug in the worker is rethrown as it is, not blamed on the file', async () => {
    const error = await runInWorker({ job, task, workerUrl: script("throw new TypeError('a bug')") }).then(
      () => undefined,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SpreadsheetError);
    expect((error as Error).message).toBe('a bug');
  });
});
