import { StoreClosedError, StoreCrashedError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';
import type { LiveEngine } from './live-engine.ts';
import type { EngineIndex } from './search-index.ts';
import { buildColumn, buildIndex, buildText, type IndexScope } from './search-index-build.ts';

/** Memory the indexes of one store may take; past it the least recently used are dropped. */
const INDEX_BUDGET_BYTES = 256 * 1024 * 1024;

/** Work on an index under way: what searches wait for. */
type Pending = Promise<EngineIndex | undefined>;

type Ready = {
  state: 'ready';
  index: EngineIndex;
  bytes: number;
  text?: Pending;
  addingColumns: Map<string, Promise<void>>;
  /** The live engine a search found this publish with: what its configuration is searched with. */
  live?: LiveEngine;
};

type Slot = Ready | { state: 'building'; done: Pending } | { state: 'failed'; error: unknown };

/** The store closing under a build (shutdown, tests) leaves nothing to report. */
function isStoreGone(error: unknown): boolean {
  return error instanceof StoreClosedError || error instanceof StoreCrashedError;
}

/** The index of a live engine's publish. */
export function scopeOf(live: LiveEngine): IndexScope {
  return { accountId: live.client.accountId, engineId: live.client.engineId, generation: live.generation };
}

/**
 * The engine indexes of one store, by engine and generation: made by a publish before it answers,
 * or from the version's cells on the first search of a publish (after a restart, another
 * instance's publish, or an eviction). While a publish's index is being made, searches are
 * answered from the engine's previous publish when its index is here (a search was answered from
 * it); else they wait for it (under a second for 50k rows on a quiet machine). The previous one
 * goes once the new one is ready. Least recently used first out, within a memory budget.
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

  /**
   * The index to answer a search of `live` with (with its words when `needsText`), and the live
   * engine it is of: its publish's, made if need be; while that one is being made, the previous
   * publish's if it is here with what the search needs. Undefined when the publish is no longer
   * the engine's (the caller reads the engine again).
   */
  async acquire(
    live: LiveEngine,
    needsText: boolean,
  ): Promise<{ live: LiveEngine; index: EngineIndex } | undefined> {
    const scope = scopeOf(live);
    const key = keyOf(scope);
    let slot = this.#slots.get(key);
    if (slot?.state === 'failed') {
      // Reported once, by the search that finds it; the next search tries again.
      this.#slots.delete(key);
      throw slot.error;
    }
    if (!slot) {
      this.#track(key, buildIndex(this.#store, scope));
      slot = this.#slots.get(key) as Slot;
    }
    if (slot.state === 'building') {
      const previous = this.#previous(scope, needsText);
      if (previous) return previous;
      const index = await this.#withText(scope, await slot.done, needsText);
      return index && { live, index };
    }
    if (slot.state !== 'ready') throw new Error('unreachable: a failed slot was handled above');
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    slot.live = live;
    const index = await this.#withText(scope, slot.index, needsText);
    return index && { live, index };
  }

  /**
   * A publish's index, being made from the rows the publish checked; resolves once it is ready,
   * with the words and the sorted columns the engine's previous index had (searches went on
   * being answered from that one meanwhile), or undefined if it failed or was overtaken.
   */
  prepare(scope: IndexScope, made: Promise<EngineIndex>): Pending {
    const previous = this.#latestReady(scope, false);
    const carried = previous ? made.then((index) => this.#carryOver(index, previous.index)) : made;
    return this.#track(keyOf(scope), carried);
  }

  /** `index` with the words and sorted columns `previous` had, so its first searches need not wait. */
  async #carryOver(index: EngineIndex, previous: EngineIndex): Promise<EngineIndex> {
    if (previous.hasText && !index.hasText) index.setText(await buildText(index));
    for (const column of previous.columnIds) {
      if (!index.hasColumn(column)) await addColumnTo(this.#store, index, column);
    }
    return index;
  }

  /** The engine's newest ready index older than `scope`'s (`answered`: one a search was answered from). */
  #latestReady(scope: IndexScope, answered: boolean): Ready | undefined {
    const engine = enginePrefix(scope);
    const generation = BigInt(scope.generation);
    let latest: { slot: Ready; generation: bigint } | undefined;
    for (const [key, slot] of this.#slots) {
      if (slot.state !== 'ready' || (answered && !slot.live) || !key.startsWith(engine)) continue;
      const other = BigInt(key.slice(engine.length));
      if (other < generation && (!latest || other > latest.generation)) latest = { slot, generation: other };
    }
    return latest?.slot;
  }

  /** While `scope`'s index is made: the previous publish's, if it can answer without waiting. */
  #previous(scope: IndexScope, needsText: boolean): { live: LiveEngine; index: EngineIndex } | undefined {
    const slot = this.#latestReady(scope, true);
    if (!slot?.live || (needsText && !slot.index.hasText)) return undefined;
    return { live: slot.live, index: slot.index };
  }

  #track(key: string, made: Promise<EngineIndex | undefined>): Pending {
    const engine = key.slice(0, key.indexOf(':') + 1);
    const generation = BigInt(key.slice(engine.length));
    // Builds of older publishes are never searched; ready ones answer until this one is ready.
    for (const [old, slot] of [...this.#slots]) {
      if (
        old.startsWith(engine) &&
        slot.state === 'building' &&
        BigInt(old.slice(engine.length)) < generation
      )
        this.#drop(old);
    }
    const done = made.then(
      (index) => {
        if (this.#slots.get(key) !== slot) return undefined;
        if (!index) {
          this.#slots.delete(key);
          return undefined;
        }
        this.#slots.set(key, { state: 'ready', index, bytes: index.bytes, addingColumns: new Map() });
        this.#bytes += index.bytes;
        // Older publishes of the engine are never searched again.
        for (const old of [...this.#slots.keys()]) {
          if (old.startsWith(engine) && BigInt(old.slice(engine.length)) < generation) this.#drop(old);
        }
        this.#evict();
        return index;
      },
      (error: unknown) => this.#failed(key, slot, error),
    );
    const slot: Slot = { state: 'building', done };
    this.#slots.set(key, slot);
    return done;
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

  #addText(key: string, slot: Ready): Pending {
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

  #grow(slot: Ready, bytes: number): void {
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
  return `${enginePrefix(scope)}${scope.generation}`;
}

function enginePrefix(scope: Pick<IndexScope, 'engineId'>): string {
  return `${scope.engineId}:`;
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
