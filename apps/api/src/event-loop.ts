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
