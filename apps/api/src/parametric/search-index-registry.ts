import type { IndexMemory } from '../serving/index-memory.ts';
import { type IndexId, type IndexKind, IndexRegistry } from '../serving/index-registry.ts';
import type { Store } from '../store/types.ts';
import type { LiveEngine } from './live-engine.ts';
import type { EngineIndex } from './search-index.ts';
import { buildColumn, buildIndex, buildText, type IndexScope } from './search-index-build.ts';

/** Work on an index under way: what searches wait for. */
type Pending = Promise<EngineIndex | undefined>;

/** A publish's index as the registry holds it, with the work under way to complete it. */
interface Held {
  index: EngineIndex;
  text?: Pending;
  addingColumns: Map<string, Promise<void>>;
  /** The live engine a search found this publish with: what its configuration is searched with. */
  live?: LiveEngine;
}

/** The index of a live engine's publish. */
export function scopeOf(live: LiveEngine): IndexScope {
  return { accountId: live.client.accountId, engineId: live.client.engineId, generation: live.generation };
}

/** What the registry needs of parametric indexes: their size; they hold nothing beyond memory. */
const PARAMETRIC: IndexKind<Held> = {
  bytesOf: (held) => held.index.bytes,
  release: async () => {},
  failures: 'keep',
};

/**
 * The engine indexes of one app's store, by engine and generation: made by a publish before it
 * answers, or from the version's cells on the first search of a publish (after a restart, another
 * instance's publish, or an eviction). While a publish's index is being made, searches are
 * answered from the engine's previous publish when its index is here (a search was answered from
 * it); else they wait for it (under a second for 50k rows on a quiet machine). The previous one
 * goes once the new one is ready. Least recently used first out, within the app's IndexMemory.
 */
export class EngineIndexRegistry {
  readonly #store: Store;
  readonly #slots: IndexRegistry<Held>;

  constructor(store: Store, memory: IndexMemory) {
    this.#store = store;
    this.#slots = new IndexRegistry(memory, PARAMETRIC);
  }

  /** The index of this publish if it is ready; nothing else happens (for tests and diagnostics). */
  peek(scope: IndexScope): EngineIndex | undefined {
    return this.#slots.ready(keyOf(scope))?.index;
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
    // Reported once, by the search that finds it; the next search tries again.
    const failure = this.#slots.takeFailure(key);
    if (failure) throw failure.error;
    const held = this.#slots.ready(key);
    if (held) {
      this.#slots.use(key);
      held.live = live;
      const index = await this.#withText(key, held.index, needsText);
      return index && { live, index };
    }
    const building = this.#slots.building(key);
    const done = building
      ? building.then((made) => made?.index)
      : this.#track(scope, buildIndex(this.#store, scope));
    const previous = this.#previous(scope, needsText);
    if (previous) return previous;
    const made = await done;
    const index = made && (await this.#withText(key, made, needsText));
    return index && { live, index };
  }

  /**
   * A publish's index, being made from the rows the publish checked; resolves once it is ready,
   * with the words and the sorted columns the engine's previous index had (searches went on
   * being answered from that one meanwhile), or undefined if it failed or was overtaken.
   */
  prepare(scope: IndexScope, made: Promise<EngineIndex>): Pending {
    const previous = this.#slots.latestReady(idOf(scope));
    const carried = previous ? made.then((index) => this.#carryOver(index, previous.index.index)) : made;
    return this.#track(scope, carried);
  }

  /** Releases every index (the app closes), once the builds under way have ended. */
  close(): Promise<void> {
    return this.#slots.close();
  }

  /** `index` with the words and sorted columns `previous` had, so its first searches need not wait. */
  async #carryOver(index: EngineIndex, previous: EngineIndex): Promise<EngineIndex> {
    if (previous.hasText && !index.hasText) index.setText(await buildText(index));
    for (const column of previous.columnIds) {
      if (!index.hasColumn(column)) await addColumnTo(this.#store, index, column);
    }
    return index;
  }

  /**
   * While `scope`'s index is made: the previous publish's, if a search was answered from it and
   * it can answer without waiting.
   */
  #previous(scope: IndexScope, needsText: boolean): { live: LiveEngine; index: EngineIndex } | undefined {
    const latest = this.#slots.latestReady(idOf(scope), (held) => held.live !== undefined);
    const live = latest?.index.live;
    if (!latest || !live || (needsText && !latest.index.index.hasText)) return undefined;
    return { live, index: latest.index.index };
  }

  #track(scope: IndexScope, made: Promise<EngineIndex | undefined>): Pending {
    const held = made.then((index) => index && { index, addingColumns: new Map() });
    return this.#slots.track(idOf(scope), held).then((ready) => ready?.index);
  }

  async #withText(key: string, index: EngineIndex, needsText: boolean) {
    if (!needsText || index.hasText) return index;
    const held = this.#slots.ready(key);
    // Dropped meanwhile (evicted, or the engine published again): made for this search alone.
    if (held?.index !== index) return withWords(index);
    held.text ??= this.#addText(key, held);
    return held.text;
  }

  #addText(key: string, held: Held): Pending {
    return buildText(held.index).then(
      (text) => {
        held.index.setText(text);
        held.text = undefined;
        this.#slots.grow(key, held, text.bytes);
        return held.index;
      },
      (error: unknown) => this.#slots.failed(key, held, error),
    );
  }

  /** Adds `column` (sorted by, not a filter) to a ready index; resolves when it is there. */
  addColumn(scope: IndexScope, index: EngineIndex, column: string): Promise<void> {
    const key = keyOf(scope);
    const held = this.#slots.ready(key);
    if (index.hasColumn(column)) return Promise.resolve();
    if (held?.index !== index) return addColumnTo(this.#store, index, column);
    let adding = held.addingColumns.get(column);
    if (!adding) {
      adding = addColumnTo(this.#store, index, column).then(
        () => this.#slots.grow(key, held, index.columnBytes(column)),
        (error: unknown) => {
          held.addingColumns.delete(column);
          throw error;
        },
      );
      held.addingColumns.set(column, adding);
    }
    return adding;
  }
}

function idOf(scope: IndexScope): IndexId {
  return { key: keyOf(scope), engine: scope.engineId, order: BigInt(scope.generation) };
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
