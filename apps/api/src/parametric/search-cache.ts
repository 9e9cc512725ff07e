import type { Store } from '../store/types.ts';

/** A bounded map that forgets the least recently used entry first. */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
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
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * Caches of one store (one database), made on first use. Per store rather than per process because
 * tests run several API instances in one process, each with its own database.
 */
const byStore = new WeakMap<Store, Map<string, LruCache<unknown>>>();

/**
 * The cache `name` of `store`. Every key must start with the engine id and its publish generation
 * (`parametric_published.generation`, new on every publish): an entry is then only ever read by a
 * search that saw the same publish, so a publish never needs to clear anything.
 */
export function storeCache<V>(store: Store, name: string, max: number): LruCache<V> {
  let caches = byStore.get(store);
  if (!caches) {
    caches = new Map();
    byStore.set(store, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = new LruCache<unknown>(max);
    caches.set(name, cache);
  }
  return cache as LruCache<V>;
}
