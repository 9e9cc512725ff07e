import { loopDelayed, pacedTurn } from '../../event-loop.ts';
import type {
  BackendQuery,
  BackendResult,
  ExplainedResult,
  GenerationKey,
  IndexedPageRef,
  KeywordPage,
  KeywordSearchBackend,
} from '../backend.ts';
import { IndexBuilder, indexBytes } from './build.ts';
import type { IndexData } from './index-data.ts';
import { KeywordIndex } from './keyword-index.ts';

/**
 * How long pages are indexed before the event loop gets a turn. A count of pages was no bound: 100
 * pages of 25 KB took 80 ms on a quiet machine and 400 ms beside a crawl (issue 34), and every
 * search waiting meanwhile waited that long.
 */
const TURN_MS = 5;

export interface MemoryBackend extends KeywordSearchBackend {
  /** Bytes the generation's index takes (0 when it is not indexed). */
  memoryBytes(key: GenerationKey): number;
}

export function keyText(key: GenerationKey): string {
  return `${key.accountId}/${key.engineId}/${key.generation}`;
}

function indexed(indexes: Map<string, { index: KeywordIndex }>, key: GenerationKey): KeywordIndex {
  const found = indexes.get(keyText(key));
  if (!found) throw new Error(`The generation ${keyText(key)} is not indexed.`);
  return found.index;
}

/**
 * The index of `pages`, built in short turns of the event loop so that searches of other engines
 * go on meanwhile.
 */
export async function buildIndex(
  pages: AsyncIterable<readonly KeywordPage[]>,
  delayedLoop: () => (() => boolean) & { stop(): void } = loopDelayed,
): Promise<IndexData> {
  const builder = new IndexBuilder();
  // Beside searches that wait (a delayed loop), the build takes half the loop, else all of it.
  const delayed = delayedLoop();
  let step: IteratorResult<void, IndexData>;
  try {
    let turnStart = performance.now();
    for await (const batch of pages) {
      for (const page of batch) {
        builder.add(page);
        if (performance.now() - turnStart >= TURN_MS) {
          await pacedTurn(TURN_MS, delayed);
          turnStart = performance.now();
        }
      }
    }
    const steps = builder.finishing();
    step = steps.next();
    for (; !step.done; step = steps.next()) await pacedTurn(TURN_MS, delayed);
  } finally {
    delayed.stop();
  }
  return step.value;
}

/**
 * The in-memory keyword backend (the default): one `KeywordIndex` per generation, built in short
 * turns of the event loop so that searches of other engines go on while a crawl is indexed.
 */
export function createMemoryBackend(
  /** Whether the event loop is delayed, while a build runs (tests give their own). */
  delayedLoop: () => (() => boolean) & { stop(): void } = loopDelayed,
): MemoryBackend {
  const indexes = new Map<string, { index: KeywordIndex; bytes: number }>();
  return {
    async index(key: GenerationKey, pages: AsyncIterable<readonly KeywordPage[]>): Promise<void> {
      const data = await buildIndex(pages, delayedLoop);
      indexes.set(keyText(key), { index: new KeywordIndex(data), bytes: indexBytes(data) });
    },
    has: (key) => indexes.has(keyText(key)),
    search: async (key: GenerationKey, query: BackendQuery): Promise<BackendResult> =>
      indexed(indexes, key).search(query),
    explain: async (key: GenerationKey, query: BackendQuery): Promise<ExplainedResult> =>
      indexed(indexes, key).explain(query),
    lookup: async (key: GenerationKey, urls: readonly string[]): Promise<IndexedPageRef[]> =>
      indexed(indexes, key).lookup(urls),
    suggest: async (key: GenerationKey, words: readonly string[], limit: number) =>
      indexed(indexes, key).suggest(words, limit),
    drop: async (key) => {
      indexes.delete(keyText(key));
    },
    memoryBytes: (key) => indexes.get(keyText(key))?.bytes ?? 0,
  };
}
