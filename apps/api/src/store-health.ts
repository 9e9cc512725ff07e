import { pingStore } from './store/ping.ts';
import type { Store } from './store/types.ts';

export interface HealthTimes {
  /** How often the store is probed. */
  probeEveryMs: number;
  /** How long the store may go without answering a probe before it is unhealthy. */
  staleAfterMs: number;
}

const DEFAULT_TIMES: HealthTimes = { probeEveryMs: 1000, staleAfterMs: 15_000 };

export interface Health {
  ok: boolean;
  /** Why not, when not ok. */
  reason?: string;
}

/**
 * The store's health as `/healthz` reports it, from a probe run in the background: a health check
 * never waits for the store. PGlite runs one statement at a time, so a probe queued behind an
 * upload's transaction would otherwise make the check wait with it (3.6 s p99 measured), and
 * frequent checks would add work to a busy store. Unhealthy when the last probe failed, or when
 * none has answered for a while (15 s: a store that stopped answering).
 */
export class StoreHealth {
  readonly #store: Store;
  readonly #timer: NodeJS.Timeout;
  #answeredAt = performance.now();
  #probing = false;
  #error: string | undefined;
  readonly #staleAfterMs: number;

  constructor(store: Store, times: HealthTimes = DEFAULT_TIMES) {
    this.#store = store;
    this.#staleAfterMs = times.staleAfterMs;
    this.#timer = setInterval(() => this.#probe(), times.probeEveryMs).unref();
  }

  #probe(): void {
    if (this.#probing) return;
    this.#probing = true;
    pingStore(this.#store)
      .then(
        () => {
          this.#answeredAt = performance.now();
          this.#error = undefined;
        },
        (error: unknown) => {
          this.#error = error instanceof Error ? error.message : String(error);
        },
      )
      .finally(() => {
        this.#probing = false;
      });
  }

  now(): Health {
    if (this.#error) return { ok: false, reason: `The database refused a query: ${this.#error}` };
    const silentMs = performance.now() - this.#answeredAt;
    if (silentMs > this.#staleAfterMs)
      return { ok: false, reason: `The database has not answered for ${Math.round(silentMs / 1000)} s.` };
    return { ok: true };
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
