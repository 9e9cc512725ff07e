/**
 * A bounded map that forgets the least recently used entry first. It holds at most `max` entries,
 * or, given `weigh`, entries weighing at most `max` in all (bytes, say).
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #max: number;
  readonly #weigh: (value: V) => number;
  #weight = 0;

  constructor(max: number, weigh: (value: V) => number = () => 1) {
    this.#max = max;
    this.#weigh = weigh;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Re-inserted, so the Map's insertion order stays the recency order.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#forget(key);
    this.#entries.set(key, value);
    this.#weight += this.#weigh(value);
    while (this.#weight > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#forget(oldest.value);
    }
  }

  #forget(key: string): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#weight -= this.#weigh(value);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entries' weight in all: their number when made without `weigh`. */
  get weight(): number {
    return this.#weight;
  }
}

/**
 * The caches of answers and of what searches read (configurations, parsed settings, pages of
 * rows), by name: one per app, made with it (so two apps in one process, as in tests, each with
 * its own database, share none). Every key must start with the engine id and its publish
 * generation (`parametric_published.generation`, new on every publish) or another version of what
 * it was read from: an entry is then only ever read by a search that saw the same publish, so a
 * publish never needs to clear anything.
 */
export class AnswerCaches {
  readonly #caches = new Map<string, LruCache<unknown>>();

  /** The cache `name`, made on first use with at most `max` entries (or weight, given `weigh`). */
  cache<V>(name: string, max: number, weigh?: (value: V) => number): LruCache<V> {
    let cache = this.#caches.get(name);
    if (!cache) {
      cache = new LruCache<unknown>(max, weigh as ((value: unknown) => number) | undefined);
      this.#caches.set(name, cache);
    }
    return cache as LruCache<V>;
  }
}
