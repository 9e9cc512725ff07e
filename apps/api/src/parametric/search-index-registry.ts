import { StoreClosedError, StoreCrashedError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import type { EngineIndex } from './search-index.ts';
import { buildColumn, buildIndex, buildText, type IndexScope } from './search-index-build.ts';

/** Memory the indexes of one store may take; past it the least recently used are dropped. */
const INDEX_BUDGET_BYTES = 256 * 1024 * 1024;

/** Work on an index under way: what searches wait for. */
type Pending = Promise<EngineIndex | undefined>;

type Slot =
  | {
      state: 'ready';
      index: EngineIndex;
      bytes: number;
      text?: Pending;
      addingColumns: Map<string, Promise<void>>;
    }
  | { state: 'building'; done: Pending }
  | { state: 'failed'; error: unknown };

/** The store closing under a build (shutdown, tests) leaves nothing to report. */
function isStoreGone(error: unknown): boolean {
  return error instanceof StoreClosedError || error instanceof StoreCrashedError;
}

/**
 * The engine indexes of one store, by engine and generation: made by a publish as it commits, or
 * from the version's cells on the first search of a publish (after a restart, another instance's
 * publish, or an eviction). Searches wait while one is being made (under a second for 50k rows).
 * Least recently used first out, within a memory budget.
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
    const slot = this.#slots.get(keyOf(scope));
    return slot?.state === 'ready' ? slot.index : undefined;
  }

  /** The ready index of this publish (with its words when `needsText`), made if need be. */
  async acquire(scope: IndexScope, needsText: boolean): Promise<EngineIndex | undefined> {
    const key = keyOf(scope);
    const slot = this.#slots.get(key);
    if (slot?.state === 'failed') {
      // Reported once, by the search that finds it; the next search tries again.
      this.#slots.delete(key);
      throw slot.error;
    }
    if (slot?.state === 'building') return this.#withText(scope, await slot.done, needsText);
    if (!slot)
      return this.#withText(scope, await this.#track(key, buildIndex(this.#store, scope)), needsText);
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    return this.#withText(scope, slot.index, needsText);
  }

  /** A publish's index, being made from the rows the publish checked. */
  prepare(scope: IndexScope, made: Promise<EngineIndex>): void {
    this.#track(keyOf(scope), made);
  }

  async #withText(scope: IndexScope, index: EngineIndex | undefined, needsText: boolean) {
    if (!index || !needsText || index.hasText) return index;
    const key = keyOf(scope);
    const slot = this.#slots.get(key);
    // Dropped meanwhile (evicted, or the engine published again): made for this search alone.
    if (slot?.state !== 'ready' || slot.index !== index) return withWords(index);
    slot.text ??= this.#addText(key, slot);
    return slot.text;
  }

  #track(key: string, made: Promise<EngineIndex | undefined>): Pending {
    // Older generations of the engine are never searched again.
    const engine = key.slice(0, key.indexOf(':') + 1);
    for (const old of [...this.#slots.keys()]) if (old.startsWith(engine)) this.#drop(old);
    const done = made.then(
      (index) => {
        if (this.#slots.get(key) !== slot) return undefined;
        if (!index) {
          this.#slots.delete(key);
          return undefined;
        }
        this.#slots.set(key, { state: 'ready', index, bytes: index.bytes, addingColumns: new Map() });
        this.#bytes += index.bytes;
        this.#evict();
        return index;
      },
      (error: unknown) => this.#failed(key, slot, error),
    );
    const slot: Slot = { state: 'building', done };
    this.#slots.set(key, slot);
    return done;
  }

  #addText(key: string, slot: Extract<Slot, { state: 'ready' }>): Pending {
    return buildText(slot.index).then(
      (text) => {
        slot.index.setText(text);
        slot.text = undefined;
        if (this.#slots.get(key) === slot) this.#grow(slot, text.bytes);
        return slot.index;
      },
      (error: unknown) => this.#failed(key, slot, error),
    );
  }

  /** Adds `column` (sorted by, not a filter) to a ready index; resolves when it is there. */
  addColumn(scope: IndexScope, index: EngineIndex, column: string): Promise<void> {
    const key = keyOf(scope);
    const slot = this.#slots.get(key);
    if (index.hasColumn(column)) return Promise.resolve();
    if (slot?.state !== 'ready' || slot.index !== index) return addColumnTo(this.#store, index, column);
    let adding = slot.addingColumns.get(column);
    if (!adding) {
      adding = addColumnTo(this.#store, index, column).then(
        () => {
          if (this.#slots.get(key) === slot) this.#grow(slot, index.columnBytes(column));
        },
        (error: unknown) => {
          slot.addingColumns.delete(column);
          throw error;
        },
      );
      slot.addingColumns.set(column, adding);
    }
    return adding;
  }

  #failed(key: string, slot: Slot, error: unknown): undefined {
    if (this.#slots.get(key) !== slot) return undefined;
    this.#drop(key);
    if (!isStoreGone(error)) this.#slots.set(key, { state: 'failed', error });
    return undefined;
  }

  #grow(slot: Extract<Slot, { state: 'ready' }>, bytes: number): void {
    slot.bytes += bytes;
    this.#bytes += bytes;
    this.#evict();
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

function keyOf(scope: IndexScope): string {
  return `${scope.engineId}:${scope.generation}`;
}

async function withWords(index: EngineIndex): Promise<EngineIndex> {
  if (!index.hasText) index.setText(await buildText(index));
  return index;
}

async function addColumnTo(store: Store, index: EngineIndex, column: string): Promise<void> {
  const codes = await buildColumn(store, index, column);
  if (!index.hasColumn(column)) index.addColumn(column, codes);
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
