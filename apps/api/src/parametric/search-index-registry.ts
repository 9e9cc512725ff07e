import { StoreClosedError, StoreCrashedError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import type { EngineIndex } from './search-index.ts';
import { buildColumn, buildIndex, type IndexScope } from './search-index-build.ts';

/** Memory the indexes of one store may take; past it the least recently used are dropped. */
const INDEX_BUDGET_BYTES = 512 * 1024 * 1024;

type Slot =
  | { state: 'ready'; index: EngineIndex; bytes: number; addingColumns: Set<string> }
  | { state: 'building'; built: Promise<EngineIndex | undefined>; fallbacks: number }
  | { state: 'failed'; error: unknown };

/** How a search gets its answer: from the index, after waiting for it, or in SQL meanwhile. */
export type Acquired =
  | { kind: 'index'; index: EngineIndex }
  | { kind: 'wait'; built: Promise<EngineIndex | undefined> }
  | { kind: 'sql'; release: () => void };

/** The store closing under a build (shutdown, tests) leaves nothing to report. */
function isStoreGone(error: unknown): boolean {
  return error instanceof StoreClosedError || error instanceof StoreCrashedError;
}

/**
 * The engine indexes of one store, by engine and generation. An index is built in the background
 * on the first search of a publish. Meanwhile one search at a time answers in SQL and the others
 * wait for the index: a crowd of slow SQL searches would hold the database (PGlite runs one
 * statement at a time) and starve the build. Least recently used first out, within a memory budget.
 */
class IndexRegistry {
  readonly #store: Store;
  readonly #slots = new Map<string, Slot>();
  #bytes = 0;

  constructor(store: Store) {
    this.#store = store;
  }

  /** The index of this publish if it is ready; nothing else happens (for tests and diagnostics). */
  peek(scope: IndexScope): EngineIndex | undefined {
    const slot = this.#slots.get(`${scope.engineId}:${scope.generation}`);
    return slot?.state === 'ready' ? slot.index : undefined;
  }

  acquire(scope: IndexScope, columns: readonly string[]): Acquired {
    const key = `${scope.engineId}:${scope.generation}`;
    const slot = this.#slots.get(key);
    if (slot?.state === 'ready') {
      this.#slots.delete(key);
      this.#slots.set(key, slot);
      return { kind: 'index', index: slot.index };
    }
    if (slot?.state === 'failed') {
      // Reported once, by the search that finds it; the next search tries again.
      this.#slots.delete(key);
      throw slot.error;
    }
    if (slot?.state === 'building') {
      if (slot.fallbacks > 0) return { kind: 'wait', built: slot.built };
      return this.#fallback(slot);
    }
    return this.#fallback(this.#build(key, scope, columns));
  }

  #fallback(slot: Extract<Slot, { state: 'building' }>): Acquired {
    slot.fallbacks++;
    return { kind: 'sql', release: () => void slot.fallbacks-- };
  }

  #build(key: string, scope: IndexScope, columns: readonly string[]): Extract<Slot, { state: 'building' }> {
    // Older generations of the engine are never searched again.
    for (const old of [...this.#slots.keys()]) {
      if (old.startsWith(`${scope.engineId}:`)) this.#drop(old);
    }
    const built = buildIndex(this.#store, scope, columns).then(
      (index) => {
        if (this.#slots.get(key) !== slot) return undefined;
        if (!index) {
          this.#slots.delete(key);
          return undefined;
        }
        this.#slots.set(key, { state: 'ready', index, bytes: index.bytes, addingColumns: new Set() });
        this.#bytes += index.bytes;
        this.#evict();
        return index;
      },
      (error: unknown) => {
        if (this.#slots.get(key) !== slot) return undefined;
        if (isStoreGone(error)) this.#slots.delete(key);
        else this.#slots.set(key, { state: 'failed', error });
        return undefined;
      },
    );
    const slot: Extract<Slot, { state: 'building' }> = { state: 'building', built, fallbacks: 0 };
    this.#slots.set(key, slot);
    return slot;
  }

  /** Adds `column` (sorted by, not a filter) to a ready index in the background. */
  addColumn(scope: IndexScope, column: string): void {
    const key = `${scope.engineId}:${scope.generation}`;
    const slot = this.#slots.get(key);
    if (slot?.state !== 'ready' || slot.addingColumns.has(column) || slot.index.hasColumn(column)) return;
    slot.addingColumns.add(column);
    buildColumn(this.#store, slot.index, column).then(
      (codes) => {
        slot.addingColumns.delete(column);
        if (this.#slots.get(key) !== slot) return;
        slot.index.addColumn(column, codes);
        slot.bytes += codes.bytes;
        this.#bytes += codes.bytes;
        this.#evict();
      },
      (error: unknown) => {
        slot.addingColumns.delete(column);
        if (this.#slots.get(key) !== slot || isStoreGone(error)) return;
        this.#drop(key);
        this.#slots.set(key, { state: 'failed', error });
      },
    );
  }

  #drop(key: string): void {
    const slot = this.#slots.get(key);
    if (slot?.state === 'ready') this.#bytes -= slot.bytes;
    this.#slots.delete(key);
  }

  #evict(): void {
    for (const [key, slot] of [...this.#slots]) {
      if (this.#bytes <= INDEX_BUDGET_BYTES) return;
      if (slot.state === 'ready') this.#drop(key);
    }
  }
}

const registries = new WeakMap<Store, IndexRegistry>();

export function indexRegistry(store: Store): IndexRegistry {
  let registry = registries.get(store);
  if (!registry) {
    registry = new IndexRegistry(store);
    registries.set(store, registry);
  }
  return registry;
}
