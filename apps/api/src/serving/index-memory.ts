/** One index held in memory: what it takes, and how its registry lets it go. */
interface Held {
  bytes: number;
  evict: () => void;
}

/**
 * The memory budget of every in-memory search index of an app, of both engine kinds: one per app,
 * shared by its parametric and keyword registries. Indexes are held in recency order across both
 * kinds, so when the total is over budget the least recently used index goes first, whichever
 * kind it is: a busy keyword engine may take the memory an idle parametric one held, and the
 * other way round, rather than each kind keeping a fixed share.
 */
export class IndexMemory {
  readonly budgetBytes: number;
  /** In recency order: the first is the least recently used. */
  readonly #held = new Map<object, Held>();
  #bytes = 0;

  constructor(budgetBytes: number) {
    this.budgetBytes = budgetBytes;
  }

  /** Bytes held now by every index of the app. */
  get usedBytes(): number {
    return this.#bytes;
  }

  /**
   * Counts an index just made (`owner` stands for it), as the most recently used, then lets the
   * least recently used others go until the budget holds. Never the new one: it was made for a
   * search that is waiting for it.
   */
  hold(owner: object, bytes: number, evict: () => void): void {
    this.release(owner);
    this.#held.set(owner, { bytes, evict });
    this.#bytes += bytes;
    this.#fit(owner);
  }

  /** Counts `bytes` more for a held index (words or a sorted column added), then fits as `hold`. */
  grow(owner: object, bytes: number): void {
    const held = this.#held.get(owner);
    if (!held) return;
    held.bytes += bytes;
    this.#bytes += bytes;
    this.#fit(owner);
  }

  /** Marks a held index as the most recently used (a search was answered from it). */
  use(owner: object): void {
    const held = this.#held.get(owner);
    if (!held) return;
    this.#held.delete(owner);
    this.#held.set(owner, held);
  }

  /** Stops counting an index (its registry dropped it). */
  release(owner: object): void {
    const held = this.#held.get(owner);
    if (!held) return;
    this.#held.delete(owner);
    this.#bytes -= held.bytes;
  }

  #fit(keep: object): void {
    for (const [owner, held] of [...this.#held]) {
      if (this.#bytes <= this.budgetBytes) return;
      if (owner === keep) continue;
      held.evict();
      // Its registry released it while evicting; made sure of here, so the loop always ends.
      this.release(owner);
    }
  }
}
