/**
 * Lets timers and sockets run before the caller goes on: long work (index builds, COPY input) is
 * cut into turns of the event loop so live requests are answered between them.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
