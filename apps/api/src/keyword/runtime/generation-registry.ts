import { defaultIndexMemoryBytes } from '../../config.ts';
import type { PageRow } from '../../repositories/keyword/pages.ts';
import { IndexMemory } from '../../serving/index-memory.ts';
import { type IndexId, IndexRegistry } from '../../serving/index-registry.ts';
import type { Store } from '../../store/types.ts';
import type { GenerationKey, KeywordSearchBackend } from '../backend.ts';
import { PageTextFile } from '../page-texts/index.ts';
import { generationPages } from './generation-pages.ts';
import type { Generation } from './live-keyword.ts';

/** A backend that says what each index costs, so the registry can keep to a memory budget. */
export type MeasuredBackend = KeywordSearchBackend & { memoryBytes(key: GenerationKey): number };

/** A made generation's index as the registry holds it: the generation, and its pages' texts. */
interface Indexed {
  generation: Generation;
  texts: PageTextFile;
}

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

function keyText(key: GenerationKey): string {
  return `${key.accountId}/${key.engineId}/${key.generation}`;
}

function engineText(key: Pick<GenerationKey, 'accountId' | 'engineId'>): string {
  return `${key.accountId}/${key.engineId}`;
}

/** A generation's place in the registry: its engine's generations are ordered by crawl run. */
function idOf(generation: Generation): IndexId {
  return {
    key: keyText(generation.key),
    engine: engineText(generation.key),
    order: BigInt(generation.runId),
  };
}

/**
 * The keyword indexes of one app's store, by generation (account, engine, crawl run, character
 * mapping): made from the run's pages on the first search, or as soon as a crawl is published.
 * While one is being made, searches are answered from the engine's generation already made, if
 * there is one (`serving`), else they wait; one engine keeps one generation once the new one is
 * made (it replaces the older); the least recently searched indexes (of either kind) are dropped
 * beyond the app's IndexMemory budget. A dropped index is dropped from the backend too, and its
 * page texts file closed.
 */
export class GenerationRegistry {
  readonly #store: Store;
  readonly #backend: MeasuredBackend;
  readonly #log: RegistryErrorLog;
  readonly #textWriterUrl: URL | undefined;
  readonly #slots: IndexRegistry<Indexed>;

  /**
   * `memory`: the app's budget shared with its other indexes; without it, a budget of its own of
   * `budgetBytes` (tests), or of the machine's default size.
   */
  constructor(
    store: Store,
    backend: MeasuredBackend,
    options: { memory?: IndexMemory; budgetBytes?: number; log?: RegistryErrorLog; textWriterUrl?: URL } = {},
  ) {
    this.#store = store;
    this.#backend = backend;
    this.#log = options.log ?? ((error, what) => console.error(`Keyword index: ${what} failed:`, error));
    // Only tests give another writer of the page texts (see PageTextFile).
    this.#textWriterUrl = options.textWriterUrl;
    const memory = options.memory ?? new IndexMemory(options.budgetBytes ?? defaultIndexMemoryBytes());
    this.#slots = new IndexRegistry(memory, {
      bytesOf: (indexed) => backend.memoryBytes(indexed.generation.key),
      release: (indexed) => this.#dropIndex(indexed.generation.key, indexed.texts),
      failures: 'reject',
    });
  }

  get backend(): KeywordSearchBackend {
    return this.#backend;
  }

  /**
   * Waits until the generation can be searched, making its index if need be. False when a newer
   * run of the engine is indexed here: the caller read an engine that has been published since.
   */
  async ready(generation: Generation): Promise<boolean> {
    const id = idOf(generation);
    if (this.#slots.ready(id.key)) {
      this.#slots.use(id.key);
      return true;
    }
    const building = this.#slots.building(id.key);
    if (building) return (await building) !== undefined;
    if (this.#slots.hasNewer(id)) return false;
    return (await this.#build(generation)) !== undefined;
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
    const id = idOf(generation);
    if (this.#slots.ready(id.key)) {
      this.#slots.use(id.key);
      return generation;
    }
    const building = this.#slots.building(id.key);
    if (!building && this.#slots.hasNewer(id)) return undefined;
    const done = building ?? this.#build(generation);
    const previous = this.#slots.latestReady(id);
    if (!previous) return (await done) ? generation : undefined;
    // Nobody waits for a build this search started: its failure is reported here (the next
    // search of the new generation starts it again).
    if (!building) done.catch((error: unknown) => this.#log(error, `indexing ${id.key}`));
    this.#slots.use(previous.id.key);
    return previous.index.generation;
  }

  /** Starts making the generation's index now (a crawl was published); searches then find it made. */
  async prepare(generation: Generation): Promise<boolean> {
    const id = idOf(generation);
    const building = this.#slots.building(id.key);
    if (building) return (await building) !== undefined;
    if (this.#slots.ready(id.key)) return true;
    if (this.#slots.hasNewer(id)) return false;
    return (await this.#build(generation)) !== undefined;
  }

  /** The texts of an indexed generation's pages, stored aside while it was indexed. */
  texts(generation: Generation): PageTextFile | undefined {
    return this.#slots.ready(keyText(generation.key))?.texts;
  }

  /** Drops every generation of an engine (deleted, or with nothing published any more). */
  dropEngine(engine: { accountId: string; engineId: string }): void {
    this.#slots.dropEngine(engineText(engine));
  }

  /** Generations indexed (ready) now, least recently searched first: for tests and diagnostics. */
  indexed(): GenerationKey[] {
    return this.#slots.readyIds().flatMap((id) => this.#slots.ready(id.key)?.generation.key ?? []);
  }

  /** Drops every index (the app closes). */
  close(): Promise<void> {
    return this.#slots.close();
  }

  /** Whether a newer run of the generation's engine is indexed here (its live client is stale). */
  hasNewerRun(generation: Generation): boolean {
    return this.#slots.hasNewer(idOf(generation));
  }

  #build(generation: Generation): Promise<Indexed | undefined> {
    const id = idOf(generation);
    // Without the file (a full disk), results read their texts from the store, as before.
    const texts = new PageTextFile(
      (error) => this.#log(error, `storing the page texts of ${id.key}`),
      generation.mappings,
      this.#textWriterUrl ? { writerUrl: this.#textWriterUrl } : {},
    );
    const storeTexts = async (rows: readonly PageRow[]) => texts.append(rows);
    const built = this.#backend.index(generation.key, generationPages(this.#store, generation, storeTexts));
    const made = built.then(
      async (): Promise<Indexed> => {
        // The index alone makes the generation searchable. Its texts' records are still being
        // made beside it (as much work again, on a thread of their own): until a page's is
        // written, results showing it read its text from the store. While an older run answers
        // for it, it waits for them: after a crawl the store is busy (a vacuum, statistics), and
        // its searches waited ~1 s for texts (issue 34).
        const written = texts.end();
        if (this.#slots.latestReady(id)) await withinMs(written, TEXTS_WAIT_MS);
        return { generation, texts };
      },
      (error: unknown) => {
        // The searches waiting get the error; the next search tries again.
        void this.#dropIndex(generation.key, texts);
        throw error;
      },
    );
    return this.#slots.track(id, made);
  }

  /** Drops a generation's index from the backend and closes its texts; what fails is logged. */
  async #dropIndex(key: GenerationKey, texts: PageTextFile): Promise<void> {
    await Promise.all([
      this.#backend.drop(key).catch((error: unknown) => this.#log(error, `dropping ${keyText(key)}`)),
      texts.close().catch((error: unknown) => this.#log(error, `closing the texts of ${keyText(key)}`)),
    ]);
  }
}
