import { isStoreGone } from '../store/errors.ts';
import type { IndexMemory } from './index-memory.ts';

/**
 * Which index a slot holds: `key` names it, `engine` the engine it answers for, `order` its
 * place among the engine's indexes (a publish's generation, a crawl run): a higher one replaces
 * the lower ones once it is made.
 */
export interface IndexId {
  key: string;
  engine: string;
  order: bigint;
}

/** What one kind of index (parametric, keyword) tells the registry about its indexes. */
export interface IndexKind<V> {
  /** What a made index takes in memory. */
  bytesOf(index: V): number;
  /** Frees what an index holds beyond the registry (a backend's copy, a file); settles, never fails. */
  release(index: V): Promise<void>;
  /**
   * What a failed build does: 'reject' gives the error to the searches waiting for it (the next
   * search builds again); 'keep' answers them undefined and keeps the error until `takeFailure`
   * reports it once.
   */
  failures: 'reject' | 'keep';
}

type Ready<V> = { state: 'ready'; id: IndexId; index: V };
type Slot<V> =
  | Ready<V>
  | { state: 'building'; id: IndexId; done: Promise<V | undefined> }
  | { state: 'failed'; id: IndexId; error: unknown };

/**
 * The in-memory indexes of one kind, by engine and order: what both kinds share. An index is
 * built (searches wait for its promise), then ready; a build of an engine's older index is never
 * searched and is dropped when a newer one starts, and once a newer one is ready the engine's
 * older ones go. While one is built, the kind may answer from the engine's newest ready index of
 * a lower order (`latestReady`). Ready indexes are counted in the app's IndexMemory, which lets the
 * least recently used go (of either kind) past its budget, never the index just made. A build that
 * fails because the store is gone (closing) is not reported.
 */
export class IndexRegistry<V> {
  readonly #memory: IndexMemory;
  readonly #kind: IndexKind<V>;
  /** In recency order: the first is the least recently used. */
  readonly #slots = new Map<string, Slot<V>>();
  #closed = false;

  constructor(memory: IndexMemory, kind: IndexKind<V>) {
    this.#memory = memory;
    this.#kind = kind;
  }

  /** The ready index of `key`, if there is one; nothing else happens. */
  ready(key: string): V | undefined {
    const slot = this.#slots.get(key);
    return slot?.state === 'ready' ? slot.index : undefined;
  }

  /** The build under way of `key`, if there is one. */
  building(key: string): Promise<V | undefined> | undefined {
    const slot = this.#slots.get(key);
    return slot?.state === 'building' ? slot.done : undefined;
  }

  /** The failure of the last build of `key`, once: forgotten as it is told, so the next search builds again. */
  takeFailure(key: string): { error: unknown } | undefined {
    const slot = this.#slots.get(key);
    if (slot?.state !== 'failed') return undefined;
    this.#slots.delete(key);
    return { error: slot.error };
  }

  /** Marks the ready index of `key` as the most recently used (a search is answered from it). */
  use(key: string): void {
    const slot = this.#slots.get(key);
    if (slot?.state !== 'ready') return;
    // Re-inserted: the Map's order is the recency order.
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    this.#memory.use(slot);
  }

  /** Counts `bytes` more for the ready index of `key`, if it is still `index`. */
  grow(key: string, index: V, bytes: number): void {
    const slot = this.#slots.get(key);
    if (slot?.state === 'ready' && slot.index === index) this.#memory.grow(slot, bytes);
  }

  /**
   * The engine's newest ready index of a lower order than `id`'s (that `accept` accepts): what
   * answers while `id`'s is built.
   */
  latestReady(
    id: IndexId,
    accept: (index: V) => boolean = () => true,
  ): { id: IndexId; index: V } | undefined {
    let latest: Ready<V> | undefined;
    for (const slot of this.#slots.values()) {
      if (slot.state !== 'ready' || slot.id.engine !== id.engine || slot.id.order >= id.order) continue;
      if (accept(slot.index) && (!latest || slot.id.order > latest.id.order)) latest = slot;
    }
    return latest && { id: latest.id, index: latest.index };
  }

  /** Whether an index of the engine of a higher order than `id`'s is held (built or ready). */
  hasNewer(id: IndexId): boolean {
    for (const slot of this.#slots.values()) {
      if (slot.id.engine === id.engine && slot.id.order > id.order) return true;
    }
    return false;
  }

  /** Ready indexes, least recently used first: for tests and diagnostics. */
  readyIds(): IndexId[] {
    return [...this.#slots.values()].filter((slot) => slot.state === 'ready').map((slot) => slot.id);
  }

  /**
   * Tracks the build of `id`'s index: resolves with it once it is ready, or undefined when it was
   * overtaken (a newer build or index of the engine), dropped, or the registry closed meanwhile,
   * whose index is then released. The engine's other builds of a lower or the same order are
   * never searched: they go now; its ready ones answer until this one is ready, then go too.
   */
  track(id: IndexId, made: Promise<V | undefined>): Promise<V | undefined> {
    // What this key held before (an index being made again) is replaced.
    this.#drop(id.key);
    for (const slot of [...this.#slots.values()]) {
      if (slot.state === 'building' && this.#older(slot.id, id)) this.#drop(slot.id.key);
    }
    const done = made.then(
      async (index) => {
        if (index === undefined) {
          if (this.#slots.get(id.key) === slot) this.#slots.delete(id.key);
          return undefined;
        }
        if (this.#slots.get(id.key) !== slot || this.#closed) {
          // Replaced (or closing) while it was made: nobody will search it.
          await this.#kind.release(index);
          return undefined;
        }
        const ready: Ready<V> = { state: 'ready', id, index };
        this.#slots.set(id.key, ready);
        for (const older of [...this.#slots.values()]) {
          if (this.#older(older.id, id)) this.#drop(older.id.key);
        }
        this.#memory.hold(ready, this.#kind.bytesOf(index), () => {
          if (this.#slots.get(id.key) === ready) this.#drop(id.key);
        });
        return index;
      },
      (error: unknown) => this.#failed(id.key, slot, error),
    );
    const slot: Slot<V> = { state: 'building', id, done };
    this.#slots.set(id.key, slot);
    return done;
  }

  /**
   * A ready index failed while it was completed (words added to it): dropped, and the failure
   * handled as a build's.
   */
  failed(key: string, index: V, error: unknown): undefined {
    const slot = this.#slots.get(key);
    if (slot?.state !== 'ready' || slot.index !== index) return undefined;
    return this.#failed(key, slot, error);
  }

  /** Drops `key`'s slot: a ready index is released; a build under way is released by its own end. */
  #drop(key: string): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    this.#slots.delete(key);
    if (slot.state !== 'ready') return;
    this.#memory.release(slot);
    void this.#kind.release(slot.index);
  }

  /** Drops every index of an engine (deleted, or with nothing published any more). */
  dropEngine(engine: string): void {
    for (const slot of [...this.#slots.values()]) if (slot.id.engine === engine) this.#drop(slot.id.key);
  }

  /** Waits for the builds under way, then releases every index (the app closes). */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = [...this.#slots.values()];
    this.#slots.clear();
    await Promise.all(
      slots.map(async (slot) => {
        // A build that fails now has failed for its searches already; its end releases its index.
        if (slot.state === 'building') await slot.done.catch(() => undefined);
        if (slot.state !== 'ready') return;
        this.#memory.release(slot);
        await this.#kind.release(slot.index);
      }),
    );
  }

  /** Whether `other` is another index of `id`'s engine that `id` replaces. */
  #older(other: IndexId, id: IndexId): boolean {
    return other.key !== id.key && other.engine === id.engine && other.order <= id.order;
  }

  #failed(key: string, slot: Slot<V>, error: unknown): undefined {
    const current = this.#slots.get(key) === slot;
    if (current) this.#drop(key);
    if (isStoreGone(error)) return undefined;
    if (this.#kind.failures === 'reject') throw error;
    if (current) this.#slots.set(key, { state: 'failed', id: slot.id, error });
    return undefined;
  }
}
