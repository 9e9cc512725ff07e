import { describe, expect, it } from 'vitest';
import {
  engineWithCrawler,
  frontierStores,
  useStore,
} from '../../repositories/crawler/frontier-stores.test-kit.ts';
import { type CrawledPage, savePages } from '../../repositories/crawler/pages.ts';
import type { EngineSearchSettings } from '../../repositories/keyword/live-clients.ts';
import { AnswerCaches } from '../../serving/answer-cache.ts';
import type { Store } from '../../store/types.ts';
import type { BackendQuery } from '../backend.ts';
import { createMemoryBackend } from '../index/index.ts';
import { decodePageTexts } from '../page-texts/index.ts';
import { FIRST_BATCH, generationPages, PAGE_BATCH } from './generation-pages.ts';
import { GenerationRegistry } from './generation-registry.ts';
import { type Generation, generationOf } from './live-keyword.ts';

// The registry of keyword indexes over real crawled pages in the store (PGlite, and PostgreSQL
// when DATABASE_URL is set) and the real in-memory backend.

const DEFAULT_MAPPING: EngineSearchSettings = {
  csvSynonymTable: '',
  csvCharMappings: undefined,
  updatedAt: 'v1',
};

/** `count` pages of run `runId`: page n says 'word<n>', and page 7 'a resistor of 100 Ω'. */
async function storePages(
  store: Store,
  engine: { accountId: string; engineId: string },
  runId: number,
  count: number,
) {
  const pages: CrawledPage[] = Array.from({ length: count }, (_, n) => ({
    ...engine,
    runId,
    urlKey: `https://example.com/p/${String(n).padStart(5, '0')}`,
    url: `https://example.com/p/${String(n).padStart(5, '0')}`,
    title: `Page ${n}`,
    headings: [],
    description: '',
    language: 'en',
    body: n === 7 ? 'a resistor of 100 Ω' : `common text word${n} of run ${runId}`,
    customTags: { tags: [] },
    contentHash: `${runId}-${n}`,
  }));
  for (let at = 0; at < pages.length; at += 500) await savePages(store, pages.slice(at, at + 500));
}

function query(word: string): BackendQuery {
  return {
    slots: [{ alternatives: [{ words: [word], weight: 1 }] }],
    tabs: [],
    tab: null,
    boosts: [],
    exclude: [],
    offset: 0,
    limit: 10,
  };
}

describe.each(frontierStores)('The keyword generation registry on %s', (_name, open) => {
  const store = useStore(open);
  const caches = new AnswerCaches();
  const generation = (
    engine: { accountId: string; engineId: string },
    runId: number,
    mapping = DEFAULT_MAPPING,
  ) => generationOf(caches, engine, String(runId), mapping);

  it('Given a run of more pages than one batch, then every page is indexed, its texts character-mapped', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 2600);
    const backend = createMemoryBackend();
    const registry = new GenerationRegistry(store(), backend);
    const first = generation(engine, 1);
    expect(await registry.ready(first)).toBe(true);
    expect((await backend.search(first.key, query('common'))).total).toBe(2599);
    expect((await backend.search(first.key, query('word2599'))).hits.map((hit) => hit.title)).toEqual([
      'Page 2599',
    ]);
    expect((await backend.search(first.key, query('ohm'))).hits.map((hit) => hit.title)).toEqual(['Page 7']);
    // The texts results show were stored aside as the pages were indexed, original (unmapped).
    const [key7] = (await backend.search(first.key, query('ohm'))).hits.map((hit) => hit.key);
    // Searchable once indexed: the texts may still be being written.
    await expect.poll(() => registry.texts(first)?.records([key7 as string])).toBeDefined();
    const records = registry.texts(first)?.records([key7 as string]);
    const [stored] = records ? decodePageTexts(records.bytes, records.ends) : [];
    expect(stored?.title).toBe('Page 7');
    expect(stored?.body).toBe('a resistor of 100 Ω');

    // Another mapping is another generation of the same run: made anew, the first one dropped.
    const unmapped = generation(engine, 1, { ...DEFAULT_MAPPING, csvCharMappings: '', updatedAt: 'v2' });
    expect(unmapped.key.generation).not.toBe(first.key.generation);
    expect(await registry.ready(unmapped)).toBe(true);
    expect((await backend.search(unmapped.key, query('ohm'))).total).toBe(0);
    expect(backend.has(first.key)).toBe(false);
  });

  it('Given texts not yet written when the index is made, then it is searchable, and the texts are read from the store', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 300);
    const backend = createMemoryBackend();
    // A writer that never answers: the texts are never in the file.
    const stalled = new URL(`data:text/javascript,${encodeURIComponent('setInterval(() => {}, 1000)')}`);
    const registry = new GenerationRegistry(store(), backend, { textWriterUrl: stalled });
    try {
      const made = generation(engine, 1);
      expect(await registry.ready(made)).toBe(true);
      const hits = (await backend.search(made.key, query('word42'))).hits;
      expect(hits.map((hit) => hit.title)).toEqual(['Page 42']);
      // No record to lease: results read the store for them (keyword-search.ts `pageTexts`).
      expect(registry.texts(made)?.lease(hits.map((hit) => hit.key))).toBeUndefined();
    } finally {
      await registry.close();
    }
  });

  it('Given a run of small pages, then a few are read first (built while the rest are read), then full batches', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 2600);
    const batches: number[] = [];
    for await (const pages of generationPages(store(), generation(engine, 1))) batches.push(pages.length);
    expect(batches).toEqual([FIRST_BATCH, PAGE_BATCH, 2600 - FIRST_BATCH - PAGE_BATCH]);
  });

  it('Given searches while a generation is made, then they wait for the one build and all find it', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 300);
    const registry = new GenerationRegistry(store(), createMemoryBackend());
    const made = generation(engine, 1);
    const waits = await Promise.all([registry.prepare(made), registry.ready(made), registry.ready(made)]);
    expect(waits).toEqual([true, true, true]);
    expect(registry.indexed()).toEqual([made.key]);
  });

  it('Given a newer run indexed, then it replaces the older one, and a search that read the older is told so', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 20);
    await storePages(store(), engine, 2, 30);
    const backend = createMemoryBackend();
    const registry = new GenerationRegistry(store(), backend);
    const older = generation(engine, 1);
    const newer = generation(engine, 2);
    expect(await registry.ready(older)).toBe(true);
    expect(await registry.prepare(newer)).toBe(true);
    expect(registry.indexed()).toEqual([newer.key]);
    expect(backend.has(older.key)).toBe(false);
    expect((await backend.search(newer.key, query('common'))).total).toBe(29);
    // A search that read the engine before the publish: false, so it reads the engine again.
    expect(await registry.ready(older)).toBe(false);
    expect(registry.indexed()).toEqual([newer.key]);
  });

  it('Given a generation made, while a newer run is made, then searches are answered from the made one, then from the newer', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 20);
    await storePages(store(), engine, 2, 30);
    const memory = createMemoryBackend();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The newer run's index is held until released: its build is under way meanwhile.
    const backend: typeof memory = {
      ...memory,
      index: async (key, pages) => {
        if (key.generation.startsWith('2:')) await gate;
        return memory.index(key, pages);
      },
    };
    const registry = new GenerationRegistry(store(), backend);
    const older = generation(engine, 1);
    const newer = generation(engine, 2);
    expect(await registry.serving(older)).toBe(older);
    const during = await Promise.all([registry.serving(newer), registry.serving(newer)]);
    expect(during).toEqual([older, older]);
    expect(registry.indexed()).toEqual([older.key]);
    release();
    expect(await registry.prepare(newer)).toBe(true);
    // Made with its texts: every page's record is in its file when searches move to it.
    const keys = (await backend.search(newer.key, query('common'))).hits.map((hit) => hit.key);
    expect(registry.texts(newer)?.records(keys)).toBeDefined();
    expect(await registry.serving(newer)).toBe(newer);
    // The older one goes once the newer is made; a search that read it is told so.
    expect(registry.indexed()).toEqual([newer.key]);
    expect(backend.has(older.key)).toBe(false);
    expect(await registry.serving(older)).toBeUndefined();
  });

  it('Given a new character mapping of the run made, then searches wait for its index (the owner changed it)', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 20);
    const registry = new GenerationRegistry(store(), createMemoryBackend());
    const first = generation(engine, 1);
    expect(await registry.serving(first)).toBe(first);
    const unmapped = generation(engine, 1, { ...DEFAULT_MAPPING, csvCharMappings: '', updatedAt: 'v2' });
    expect(await registry.serving(unmapped)).toBe(unmapped);
    expect(registry.indexed()).toEqual([unmapped.key]);
  });

  it('Given no generation made, while the first is made, then searches wait for it', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 20);
    const registry = new GenerationRegistry(store(), createMemoryBackend());
    const first = generation(engine, 1);
    expect(await Promise.all([registry.serving(first), registry.serving(first)])).toEqual([first, first]);
  });

  it('Given a generation replaced while it was made, then its searches are told it is gone', async () => {
    const engine = await engineWithCrawler(store());
    await storePages(store(), engine, 1, 2000);
    await storePages(store(), engine, 2, 10);
    const backend = createMemoryBackend();
    const registry = new GenerationRegistry(store(), backend);
    const older = registry.ready(generation(engine, 1));
    const newer = registry.ready(generation(engine, 2));
    expect(await Promise.all([older, newer])).toEqual([false, true]);
    expect(backend.has(generation(engine, 1).key)).toBe(false);
  });

  it('Given more indexes than the memory budget holds, then the least recently searched engine goes', async () => {
    const engines = [
      await engineWithCrawler(store()),
      await engineWithCrawler(store()),
      await engineWithCrawler(store()),
    ];
    for (const engine of engines) await storePages(store(), engine, 1, 200);
    const backend = createMemoryBackend();
    const probe = new GenerationRegistry(store(), backend);
    const [a, b, c] = engines.map((engine) => generation(engine, 1)) as unknown as [
      Generation,
      Generation,
      Generation,
    ];
    await probe.ready(a);
    const one = backend.memoryBytes(a.key);
    expect(one).toBeGreaterThan(0);
    await probe.close();

    // Room for two indexes of this size.
    const registry = new GenerationRegistry(store(), backend, { budgetBytes: Math.floor(one * 2.5) });
    await registry.ready(a);
    await registry.ready(b);
    await registry.ready(a);
    await registry.ready(c);
    expect(registry.indexed()).toEqual([a.key, c.key]);
    expect(backend.has(b.key)).toBe(false);
    // Searched again, b is made again and a (now the least recent) goes.
    await registry.ready(b);
    expect(registry.indexed()).toEqual([c.key, b.key]);
    await registry.close();
    expect(engines.map((engine) => backend.has(generation(engine, 1).key))).toEqual([false, false, false]);
  });
});
