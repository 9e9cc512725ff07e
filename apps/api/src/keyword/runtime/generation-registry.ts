import type { PageRow } from '../../repositories/keyword/pages.ts';
import { StoreClosedError, StoreCrashedError } from '../../store/errors.ts';
import type { Store } from '../../store/types.ts';
import type { GenerationKey, KeywordSearchBackend } from '../backend.ts';
import { PageTextFile } from '../page-texts/index.ts';
import { generationPages } from './generation-pages.ts';
import type { Generation } from './live-keyword.ts';

/** A backend that says what each index costs, so the registry can keep to a memory budget. */
export type MeasuredBackend = KeywordSearchBackend & { memoryBytes(key: GenerationKey): number };

/** Memory the keyword indexes of one store may take; past it the least recently searched go. */
export const KEYWORD_INDEX_BUDGET_BYTES = 768 * 1024 * 1024;

type Slot =
  | { state: 'building'; generation: Generation; done: Promise<boolean>; texts: PageTextFile }
  | { state: 'ready'; generation: Generation; bytes: number; texts: PageTextFile };

/** How long a new generation waits for its texts at most before searches move to it. */
const TEXTS_WAIT_MS = 30_000;

/** Settles when `work` does, or after `ms` (the work goes on). */
async function withinMs(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Where failures that no search waits for go (a drop of an old index that failed). */
export type RegistryErrorLog = (error: unknown, what: string) => void;

/** The store closing under a build (shutdown, tests) leaves nothing to report. */
export function isStoreGone(error: unknown): boolean {
  return error instanceof StoreClosedError || error instanceof StoreCrashedError;
}

function keyText(key: GenerationKey): string {
  return `${key.accountId}/${key.engineId}/${key.generation}`;
}

function engineText(key: GenerationKey): string {
  return `${key.accountId}/${key.engineId}`;
}

function runOf(generation: Generation): bigint {
  return BigInt(generation.runId);
}

/**
 * The keyword indexes of one store, by generation (account, engine, crawl run, character mapping):
 * made from the run's pages on the first search, or as soon as a crawl is published. While one is
 * being made, searches are answered from the engine's generation already made, if there is one
 * (`serving`), else they wait; one engine keeps one generation once the new one is made (it
 * replaces the older); the least recently searched engines are dropped beyond the memory budget.
 */
export class GenerationRegistry {
  readonly #store: Store;
  readonly #backend: MeasuredBackend;
  readonly #budgetBytes: number;
  readonly #log: RegistryErrorLog;
  readonly #textWriterUrl: URL | undefined;
  /** In recency order: the first is the least recently searched. */
  readonly #slots = new Map<string, Slot>();
  #closed = false;

  constructor(
    store: Store,
    backend: MeasuredBackend,
    options: { budgetBytes?: number; log?: RegistryErrorLog; textWriterUrl?: URL } = {},
  ) {
    this.#store = store;
    this.#backend = backend;
    this.#budgetBytes = options.budgetBytes ?? KEYWORD_INDEX_BUDGET_BYTES;
    this.#log = options.log ?? ((error, what) => console.error(`Keyword index: ${what} failed:`, error));
    // Only tests give another writer of the page texts (see PageTextFile).
    this.#textWriterUrl = options.textWriterUrl;
  }

  get backend(): KeywordSearchBackend {
    return this.#backend;
  }

  /**
   * Waits until the generation can be searched, making its index if need be. False when a newer
   * run of the engine is indexed here: the caller read an engine that has been published since.
   */
  async ready(generation: Generation): Promise<boolean> {
    const key = keyText(generation.key);
    const slot = this.#slots.get(key);
    if (slot?.state === 'ready') {
      // Re-inserted: the Map's order is the recency order.
      this.#slots.delete(key);
      this.#slots.set(key, slot);
      return true;
    }
    if (slot?.state === 'building') return slot.done;
    if (this.#newerRun(generation)) return false;
    return this.#build(generation);
  }

  /**
   * The generation to answer a search that read `generation` from: itself once its index is made
   * (made now if need be); while it is being made, the engine's generation made already of an
   * older run (the last crawl published), so a search of an engine re-crawled does not wait
   * seconds for the new index (issue 34); the first index of an engine, and one of a new character
   * mapping, are waited for. Undefined when a newer run is indexed here: the caller read an engine
   * that has been published since.
   */
  async serving(generation: Generation): Promise<Generation | undefined> {
    const key = keyText(generation.key);
    const slot = this.#slots.get(key);
    if (slot?.state === 'ready') {
      this.#slots.delete(key);
      this.#slots.set(key, slot);
      return generation;
    }
    if (!slot && this.#newerRun(generation)) return undefined;
    const done = slot?.state === 'building' ? slot.done : this.#build(generation);
    const previous = this.#previousReady(generation);
    if (!previous) return (await done) ? generation : undefined;
    // Nobody waits for a build this search started: its failure is reported here (the next
    // search of the new generation starts it again).
    if (!slot)
      done.catch((error: unknown) => {
        if (!(isStoreGone(error) && this.#closed)) this.#log(error, `indexing ${key}`);
      });
    const previousKey = keyText(previous.generation.key);
    this.#slots.delete(previousKey);
    this.#slots.set(previousKey, previous);
    return previous.generation;
  }

  /** Starts making the generation's index now (a crawl was published); searches then find it made. */
  prepare(generation: Generation): Promise<boolean> {
    const slot = this.#slots.get(keyText(generation.key));
    if (slot?.state === 'building') return slot.done;
    if (slot?.state === 'ready' || this.#newerRun(generation))
      return Promise.resolve(slot?.state === 'ready');
    return this.#build(generation);
  }

  /** The texts of an indexed generation's pages, stored aside while it was indexed. */
  texts(generation: Generation): PageTextFile | undefined {
    const slot = this.#slots.get(keyText(generation.key));
    return slot?.state === 'ready' ? slot.texts : undefined;
  }

  /** Drops every generation of an engine (deleted, or with nothing published any more). */
  dropEngine(engine: { accountId: string; engineId: string }): void {
    const text = `${engine.accountId}/${engine.engineId}`;
    for (const [key, slot] of [...this.#slots])
      if (engineText(slot.generation.key) === text) this.#drop(key, slot);
  }

  /** Generations indexed (ready) now, least recently searched first: for tests and diagnostics. */
  indexed(): GenerationKey[] {
    return [...this.#slots.values()].filter((s) => s.state === 'ready').map((s) => s.generation.key);
  }

  /** Drops every index (the app closes). */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = [...this.#slots.values()];
    this.#slots.clear();
    await Promise.all(
      slots.map(async (slot) => {
        // A build that fails now has failed for its searches already.
        if (slot.state === 'building') await slot.done.catch(() => false);
        await this.#backend.drop(slot.generation.key);
        await slot.texts.close();
      }),
    );
  }

  /**
   * The engine's ready generation of an older run than `generation`, the newest. Not one of the
   * same run: a new character mapping is the owner's change, which their next search shows.
   */
  #previousReady(generation: Generation): Extract<Slot, { state: 'ready' }> | undefined {
    const engine = engineText(generation.key);
    const run = runOf(generation);
    let previous: Extract<Slot, { state: 'ready' }> | undefined;
    for (const slot of this.#slots.values()) {
      if (slot.state !== 'ready' || engineText(slot.generation.key) !== engine) continue;
      const other = runOf(slot.generation);
      if (other < run && (!previous || other > runOf(previous.generation))) previous = slot;
    }
    return previous;
  }

  /** Whether a newer run of the generation's engine is indexed here (its live client is stale). */
  hasNewerRun(generation: Generation): boolean {
    return this.#newerRun(generation);
  }

  #newerRun(generation: Generation): boolean {
    const engine = engineText(generation.key);
    const run = runOf(generation);
    for (const slot of this.#slots.values()) {
      if (engineText(slot.generation.key) === engine && runOf(slot.generation) > run) return true;
    }
    return false;
  }

  #build(generation: Generation): Promise<boolean> {
    const key = keyText(generation.key);
    const engine = engineText(generation.key);
    const run = runOf(generation);
    // Builds of the engine's older generations are never searched; made ones answer until this one is.
    for (const [other, slot] of [...this.#slots]) {
      if (other !== key && slot.state === 'building' && engineText(slot.generation.key) === engine)
        if (runOf(slot.generation) <= run) this.#drop(other, slot);
    }
    // Without the file (a full disk), results read their texts from the store, as before.
    const texts = new PageTextFile(
      (error) => this.#log(error, `storing the page texts of ${key}`),
      generation.mappings,
      this.#textWriterUrl ? { writerUrl: this.#textWriterUrl } : {},
    );
    const storeTexts = async (rows: readonly PageRow[]) => texts.append(rows);
    const built = this.#backend.index(generation.key, generationPages(this.#store, generation, storeTexts));
    const done = built.then(
      async () => {
        // The index alone makes the generation searchable. Its texts' records are still being
        // made beside it (as much work again, on a thread of their own): until a page's is
        // written, results showing it read its text from the store. While an older run answers
        // for it, it waits for them: after a crawl the store is busy (a vacuum, statistics), and
        // its searches waited ~1 s for texts (issue 34).
        const written = texts.end();
        if (this.#previousReady(generation)) await withinMs(written, TEXTS_WAIT_MS);
        if (this.#slots.get(key) !== slot || this.#closed) {
          // Replaced (or closing) while it was made: nobody will search it.
          this.#dropIndex(generation.key, texts);
          return false;
        }
        const bytes = this.#backend.memoryBytes(generation.key);
        this.#slots.set(key, { state: 'ready', generation, bytes, texts });
        // The engine's other generations (older runs, other mappings) are never searched again.
        for (const [other, older] of [...this.#slots]) {
          if (other !== key && engineText(older.generation.key) === engine && runOf(older.generation) <= run)
            this.#drop(other, older);
        }
        this.#evict(key);
        return true;
      },
      (error: unknown) => {
        // The searches waiting get the error; the next search tries again.
        if (this.#slots.get(key) === slot) this.#slots.delete(key);
        this.#dropIndex(generation.key, texts);
        if (isStoreGone(error) && this.#closed) return false;
        throw error;
      },
    );
    const slot: Slot = { state: 'building', generation, done, texts };
    this.#slots.set(key, slot);
    return done;
  }

  #drop(key: string, slot: Slot): void {
    this.#slots.delete(key);
    // A build under way is dropped by its own end (it sees it was replaced).
    if (slot.state !== 'building') this.#dropIndex(slot.generation.key, slot.texts);
  }

  #dropIndex(key: GenerationKey, texts: PageTextFile): void {
    this.#backend.drop(key).catch((error: unknown) => this.#log(error, `dropping ${keyText(key)}`));
    texts.close().catch((error: unknown) => this.#log(error, `closing the texts of ${keyText(key)}`));
  }

  /** Drops the least recently searched indexes until the budget holds, never `keep` (just made). */
  #evict(keep: string): void {
    let bytes = 0;
    for (const slot of this.#slots.values()) if (slot.state === 'ready') bytes += slot.bytes;
    for (const [key, slot] of [...this.#slots]) {
      if (bytes <= this.#budgetBytes) return;
      if (slot.state !== 'ready' || key === keep) continue;
      this.#drop(key, slot);
      bytes -= slot.bytes;
    }
  }
}
