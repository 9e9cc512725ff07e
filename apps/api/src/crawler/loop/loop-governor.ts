import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The event loop's delay the crawl keeps to: past it, searches answered by the same loop (a few
 * turns each) start paying for the crawl (issue 34: p95 ≤ 50 ms beside a crawl).
 */
export const TARGET_DELAY_MS = 20;
/** How often the delay is judged, and the limit changed. */
export const WINDOW_MS = 250;
/** URLs being fetched at once in a process, at most and at first; never fewer than one. */
export const MAX_FETCHING = 64;
export const FIRST_FETCHING = 8;

/** The event loop's delay lately, from a source that can be read and reset (a histogram in ms). */
export interface DelaySource {
  /** The longest delay (ms) since the last reset. */
  maxMs(): number;
  reset(): void;
}

/** The process's event loop delay, sampled every 10 ms by Node (perf_hooks). */
function eventLoopDelay(): DelaySource {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    maxMs: () => histogram.max / 1e6,
    reset: () => histogram.reset(),
  };
}

/**
 * How many URLs the crawls of this process may be fetching at once, adapted to the event loop's
 * delay: each fetch ends in work on the loop that answers searches (reading the answer, handing
 * the page to the extraction threads and back, then its record and its links), and the fetches
 * that end together run back to back. Every WINDOW_MS the longest delay is judged: over
 * TARGET_DELAY_MS the limit halves; under half of it, it grows by one (additive increase,
 * multiplicative decrease, as TCP's congestion window). A crawl slows down on a busy loop (its own
 * work, an import's, index builds, a busy machine) and speeds up again when it is quiet. Bookkeeping only: the caller passes the time.
 */
export class LoopGovernor {
  readonly #delay: DelaySource;
  #limit = FIRST_FETCHING;
  #fetching = 0;
  #windowStart: number | undefined;

  constructor(delay: DelaySource, options: { first?: number } = {}) {
    this.#delay = delay;
    this.#limit = options.first ?? FIRST_FETCHING;
  }

  /** URLs that may be fetching at once now. */
  get limit(): number {
    return this.#limit;
  }

  get fetching(): number {
    return this.#fetching;
  }

  /** Whether one more URL may start being fetched at `now` (ms); one always may when none is. */
  mayStart(now: number): boolean {
    this.#judge(now);
    return this.#fetching < this.#limit;
  }

  /** A URL started being fetched. */
  begin(): void {
    this.#fetching += 1;
  }

  /** A URL's answer is in (its extraction runs in the same turn) or it ended without one. */
  end(): void {
    this.#fetching = Math.max(0, this.#fetching - 1);
  }

  #judge(now: number): void {
    if (this.#windowStart === undefined) {
      this.#windowStart = now;
      this.#delay.reset();
      return;
    }
    if (now - this.#windowStart < WINDOW_MS) return;
    const delayMs = this.#delay.maxMs();
    if (delayMs > TARGET_DELAY_MS) this.#limit = Math.max(1, Math.floor(this.#limit / 2));
    else if (delayMs < TARGET_DELAY_MS / 2) this.#limit = Math.min(MAX_FETCHING, this.#limit + 1);
    this.#windowStart = now;
    this.#delay.reset();
  }
}

let processGovernor: LoopGovernor | undefined;

/** The governor of this process's crawls: one event loop, shared by every crawl it drives. */
export function crawlGovernor(): LoopGovernor {
  processGovernor ??= new LoopGovernor(eventLoopDelay());
  return processGovernor;
}
