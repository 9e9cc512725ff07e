import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Lets timers and sockets run before the caller goes on: long work (index builds, COPY input) is
 * cut into turns of the event loop so live requests are answered between them.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs `step(i)` for every i below `count`, `perTurn` of them per turn of the event loop. */
export async function inTurns(count: number, perTurn: number, step: (i: number) => void): Promise<void> {
  for (let start = 0; start < count; start += perTurn) {
    const end = Math.min(count, start + perTurn);
    for (let i = start; i < end; i++) step(i);
    if (end < count) await yieldToLoop();
  }
}

/** An event loop's delay past which work sharing it gives it back more: its requests wait. */
const DELAYED_MS = 20;
/** How long a judgement of the delay holds. */
const JUDGED_EVERY_MS = 100;

/**
 * Whether the event loop has been delayed lately: a timer (Node samples every 10 ms) fired more
 * than `thresholdMs` late in the last JUDGED_EVERY_MS or so. `stop()` ends the sampling.
 */
export function loopDelayed(thresholdMs = DELAYED_MS): { (): boolean; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let judgedAt = performance.now();
  let delayed = false;
  const judge = () => {
    const now = performance.now();
    if (now - judgedAt >= JUDGED_EVERY_MS) {
      delayed = histogram.max / 1e6 > thresholdMs;
      histogram.reset();
      judgedAt = now;
    }
    return delayed;
  };
  return Object.assign(judge, { stop: () => histogram.disable() });
}

/**
 * The next turn for long work that shares the event loop with requests (an index build, after a
 * turn of `turnMs`): the loop's next turn; or, while `delayed()`, a pause as long as the turn, so
 * the work takes at most half of a loop that requests are waiting on, and the rest when it is free.
 */
export function pacedTurn(turnMs: number, delayed: () => boolean): Promise<void> {
  if (!delayed()) return yieldToLoop();
  return new Promise((resolve) => setTimeout(resolve, turnMs));
}
