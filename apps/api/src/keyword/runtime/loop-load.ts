import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** The stretch of time the event loop's load is measured over before it is judged again. */
const WINDOW_MS = 50;
/** Share of that time the loop spent running code past which it is busy. */
const BUSY_SHARE = 0.8;

/**
 * Whether the event loop has been busy lately: at least BUSY_SHARE of the last WINDOW_MS (or more)
 * running code rather than waiting for I/O. Under load a search need not overlap another to be
 * queued behind it: searches whose texts are read synchronously run start to end, one after the
 * other, each with the process seemingly to itself.
 */
export class EventLoopLoad {
  #since: EventLoopUtilization = performance.eventLoopUtilization();
  #busy = false;

  busy(): boolean {
    const lately = performance.eventLoopUtilization(this.#since);
    if (lately.idle + lately.active >= WINDOW_MS) {
      this.#busy = lately.utilization >= BUSY_SHARE;
      this.#since = performance.eventLoopUtilization();
    }
    return this.#busy;
  }
}
