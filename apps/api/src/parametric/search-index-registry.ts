import { StoreClosedError, StoreCrashedError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import type { EngineIndex } from './search-index.ts';
import { buildColumn, buildIndex, buildText, type IndexScope } from './search-index-build.ts';

/** Memory the indexes of one store may take; past it the least recently used are dropped. */
const INDEX_BUDGET_BYTES = 256 * 1024 * 1024;

/** Work on an index under way, with the number of searches answering in SQL meanwhile. */
interface Pending {
  done: Promise<EngineIndex | undefined>;
  fallbacks: number;
  /** A publish's index is ready in moments: searches wait for it rather than answer in SQL. */
  quick?: true;
}

type Slot =
  | { state: 'ready'; index: EngineIndex; bytes: number; text?: Pending; addingColumns: Set<string> }
  | ({ state: 'building' } & Pending)
  | { state: 'failed'; error: unknown };

/** How a search gets its answer: from the index, after waiting for it, or in SQL meanwhile. */
export type Acquired =
  | { kind: 'index'; index: EngineIndex }
  | { kind: 'wait'; done: Promise<EngineIndex | undefined> }
  | { kind: 'sql'; release: () => void };

/** The store closing under a build (shutdown, tests) leaves nothing to report. */
function isStoreGone(error: unknown): boolean {
  return error instanceof StoreClosedError || error instanceof StoreCrashedError;
}

/**
 * The engine indexes of one store, by engine and generation: made by a publish as it commits, or
 * read back on the first search of a publish (after a restart, or another instance's publish).
 * While one is being made, one search at a time answers in SQL and the others wait for it: a crowd
 * of slow SQL searches would hold the database (PGlite runs one statement at a time) and starve the
 * build. Least recently used first out, within a memory budget.
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

  acquire(scope: IndexScope, columns: readonly string[], needsText: boolean): Acquired {
    const key = keyOf(scope);
    const slot = this.#slots.get(key);
    if (slot?.state === 'failed') {
      // Reported once, by the search that finds it; the next search tries again.
      this.#slots.delete(key);
      throw slot.error;
    }
    if (slot?.state === 'building') return answerMeanwhile(slot);
    if (!slot) return answerMeanwhile(this.#track(key, buildIndex(this.#store, scope, columns)));
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    if (!needsText || slot.index.hasText) return { kind: 'index', index: slot.index };
    slot.text ??= this.#addText(key, scope, slot);
    return answerMeanwhile(slot.text);
  }

  /** A publish's index of its rows, ready (but for the lexemes) as the publish commits. */
  prepare(scope: IndexScope, made: Promise<EngineIndex>): void {
    this.#track(keyOf(scope), made).quick = true;
  }

  #track(key: string, made: Promise<EngineIndex | undefined>): Extract<Slot, { state: 'building' }> {
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
        this.#slots.set(key, { state: 'ready', index, bytes: index.bytes, addingColumns: new Set() });
        this.#bytes += index.bytes;
        this.#evict();
        return index;
      },
      (error: unknown) => this.#failed(key, slot, error),
    );
    const slot: Extract<Slot, { state: 'building' }> = { state: 'building', done, fallbacks: 0 };
    this.#slots.set(key, slot);
    return slot;
  }

  #addText(key: string, scope: IndexScope, slot: Extract<Slot, { state: 'ready' }>): Pending {
    const done = buildText(this.#store, scope, slot.index).then(
      (text) => {
        if (this.#slots.get(key) !== slot) return undefined;
        if (!text) {
          this.#drop(key);
          return undefined;
        }
        slot.index.setText(text);
        this.#grow(slot, text.bytes);
        slot.text = undefined;
        return slot.index;
      },
      (error: unknown) => this.#failed(key, slot, error),
    );
    return { done, fallbacks: 0 };
  }

  /** Adds `column` (sorted by, not a filter) to a ready index in the background. */
  addColumn(scope: IndexScope, column: string): void {
    const key = keyOf(scope);
    const slot = this.#slots.get(key);
    if (slot?.state !== 'ready' || slot.addingColumns.has(column) || slot.index.hasColumn(column)) return;
    slot.addingColumns.add(column);
    buildColumn(this.#store, slot.index, column).then(
      (codes) => {
        slot.addingColumns.delete(column);
        if (this.#slots.get(key) !== slot) return;
        slot.index.addColumn(column, codes);
        this.#grow(slot, codes.bytes);
      },
      (error: unknown) => {
        slot.addingColumns.delete(column);
        this.#failed(key, slot, error);
      },
    );
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

/** While `pending` runs: the first search answers in SQL, the others wait for it. */
function answerMeanwhile(pending: Pending): Acquired {
  if (pending.quick || pending.fallbacks > 0) return { kind: 'wait', done: pending.done };
  pending.fallbacks++;
  return { kind: 'sql', release: () => void pending.fallbacks-- };
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
