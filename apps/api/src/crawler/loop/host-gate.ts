/** Requests to one host at once when a site asked for no page-load delay (and robots.txt for none). */
export const PARALLEL_WITHOUT_DELAY = 8;

interface HostState {
  busy: number;
  /** When (ms since the epoch) the host may get its next request. */
  readyAt: number;
}

/**
 * Politeness per host: one request at a time, the next one starting `delayMs` after the previous
 * answer came (the larger of the page-load delay and robots.txt's Crawl-delay); with no delay at
 * all, up to PARALLEL_WITHOUT_DELAY at once. A host that answered 429/503 is paused as asked.
 * Pure bookkeeping: the caller passes the time.
 */
export class HostGate {
  readonly #hosts = new Map<string, HostState>();

  #state(host: string): HostState {
    let state = this.#hosts.get(host);
    if (!state) {
      state = { busy: 0, readyAt: 0 };
      this.#hosts.set(host, state);
    }
    return state;
  }

  /** Milliseconds until the host may get a request (0: now; Infinity: wait for one to end). */
  waitFor(host: string, delayMs: number, now: number): number {
    const state = this.#state(host);
    if (state.busy >= (delayMs === 0 ? PARALLEL_WITHOUT_DELAY : 1)) return Infinity;
    return Math.max(0, state.readyAt - now);
  }

  begin(host: string): void {
    this.#state(host).busy += 1;
  }

  /** A request ended at `now`: the next may start after `delayMs`, or after `pauseMs` if longer. */
  end(host: string, now: number, delayMs: number, pauseMs = 0): void {
    const state = this.#state(host);
    state.busy = Math.max(0, state.busy - 1);
    state.readyAt = Math.max(state.readyAt, now + Math.max(delayMs, pauseMs));
  }
}
