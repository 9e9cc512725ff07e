import { AsyncLocalStorage } from 'node:async_hooks';
import { StoreUsageError } from './errors.ts';

/**
 * Knows whether the current async context is inside one of this store's transaction callbacks.
 * On PGlite a transaction holds the only connection, so `store.query()` from inside the callback
 * would wait for the transaction that waits for it: a deadlock. Both drivers refuse the call, so a
 * bug found on pg is found on PGlite and the other way round.
 */
export class TransactionScope {
  readonly #storage = new AsyncLocalStorage<{ active: boolean }>();

  /** Runs `fn` marked as inside a transaction; the mark ends with the callback, not with stray timers. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const mark = { active: true };
    try {
      return await this.#storage.run(mark, fn);
    } finally {
      mark.active = false;
    }
  }

  /** Throws when called from inside a transaction callback of the same store. */
  assertOutside(operation: string): void {
    if (this.#storage.getStore()?.active) {
      throw new StoreUsageError(
        `store.${operation}() was called inside store.transaction() of the same store: use the callback's ` +
          '`tx` argument instead (on PGlite the call would wait forever for the open transaction)',
      );
    }
  }
}
