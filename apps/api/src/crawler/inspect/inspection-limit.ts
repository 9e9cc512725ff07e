import { INSPECTIONS_AT_ONCE, INSPECTIONS_PER_MINUTE } from '@siteseer/core';
import { TooManyRequestsError } from '../../errors.ts';

const WINDOW_MS = 60_000;

/**
 * The rate of URL inspections per account: at most INSPECTIONS_PER_MINUTE started in any minute
 * (a sliding window of their start times) and INSPECTIONS_AT_ONCE running. Past either, a 429 with
 * the seconds to wait. An inspection fetches a customer's site on demand, so without a limit the
 * API would be a tool to hammer a site (robots.txt included) from our address.
 */
export class InspectionLimit {
  readonly #now: () => number;
  readonly #started = new Map<string, number[]>();
  readonly #running = new Map<string, number>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Takes a turn for the account, or throws TooManyRequestsError; call the answer when done. */
  take(accountId: string): () => void {
    const now = this.#now();
    const recent = (this.#started.get(accountId) ?? []).filter((at) => now - at < WINDOW_MS);
    const running = this.#running.get(accountId) ?? 0;
    if (running >= INSPECTIONS_AT_ONCE) {
      throw new TooManyRequestsError(
        `${INSPECTIONS_AT_ONCE} inspections of this account are running: wait for one to finish.`,
        1,
      );
    }
    const [oldest] = recent;
    if (recent.length >= INSPECTIONS_PER_MINUTE && oldest !== undefined) {
      const seconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      throw new TooManyRequestsError(
        `At most ${INSPECTIONS_PER_MINUTE} URL inspections a minute per account: try again in ${seconds} s.`,
        seconds,
      );
    }
    this.#started.set(accountId, [...recent, now]);
    this.#running.set(accountId, running + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.#running.get(accountId) ?? 1) - 1;
      if (left > 0) this.#running.set(accountId, left);
      else this.#running.delete(accountId);
    };
  }
}
