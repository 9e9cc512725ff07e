import { describe, expect, it } from 'vitest';
import type { BackendQuery, GenerationKey, KeywordPage, KeywordSearchBackend, QuerySlot } from './backend.ts';

/*
 * The behaviour every KeywordSearchBackend must have, run against the in-memory one
 * (index/memory-backend.test.ts). A new backend (OpenSearch...) passes this suite to be used.
 */

const PAGES: KeywordPage[] = [
  page(
    'guide/install',
    'Installing the widget',
    'Paste the script in the head of your pages. Installation takes a minute.',
  ),
  page(
    'guide/theming',
    'Theming the widget',
    'Colours and fonts follow CSS custom properties of the search box.',
  ),
  page(
    'blog/search-tips',
    'Ten search tips',
    'Relevance improves when titles describe pages. Search engines rank titles first.',
    ['blog'],
  ),
  page(
    'docs/crawler',
    'How the crawler works',
    'The crawler fetches pages, follows links and respects robots.txt rules.',
    ['docs'],
  ),
  page(
    'docs/synonyms',
    'Synonyms and character mapping',
    'A synonym maps television to tv. The ohm sign maps to ohm.',
    ['docs'],
  ),
  page(
    'docs/relevance',
    'Relevance rules',
    'Rules boost pages whose URL matches a wildcard pattern. Crawler settings are elsewhere.',
    ['docs'],
  ),
  page(
    'docs/phrases',
    'Quoted phrases',
    'A quoted phrase matches words in order: search box differs from box search.',
    ['docs'],
  ),
  page(
    'products/resistor',
    'Precision resistor',
    'A precision resistor of ten kiloohm with a tolerance of one percent.',
    ['product'],
  ),
];

function page(path: string, title: string, body: string, tags: string[] = []): KeywordPage {
  const url = `https://example.test/${path}`;
  return { key: url, url, title, headings: [], description: '', body, tags, language: 'en' };
}

async function* batches(pages: readonly KeywordPage[], size = 3): AsyncIterable<readonly KeywordPage[]> {
  for (let i = 0; i < pages.length; i += size) yield pages.slice(i, i + size);
}

/** A query of words (the last as a prefix when `prefix`), every page, first 10. */
function query(text: string, options: Partial<BackendQuery> & { prefix?: boolean } = {}): BackendQuery {
  const words = text.split(' ').filter(Boolean);
  const slots: QuerySlot[] = words.map((word, n) => ({
    alternatives: [{ words: [word], weight: 1 }],
    prefix: options.prefix === true && n === words.length - 1,
  }));
  return { slots, tabs: [], tab: null, boosts: [], exclude: [], offset: 0, limit: 10, ...options };
}

function paths(result: { hits: readonly { url: string }[] }): string[] {
  return result.hits.map((hit) => hit.url.replace('https://example.test/', ''));
}

export function keywordBackendContract(name: string, make: () => KeywordSearchBackend): void {
  describe(`${name}: the keyword backend contract`, () => {
    const key: GenerationKey = { accountId: 'a1', engineId: 'e1', generation: '1' };

    async function indexed(pages: readonly KeywordPage[] = PAGES) {
      const backend = make();
      await backend.index(key, batches(pages));
      return backend;
    }

    it('indexes a generation, knows it, and forgets it when dropped', async () => {
      const backend = await indexed();
      expect(backend.has(key)).toBe(true);
      expect(backend.has({ ...key, generation: '2' })).toBe(false);
      await backend.drop(key);
      expect(backend.has(key)).toBe(false);
      await expect(backend.search(key, query('crawler'))).rejects.toThrow();
    });

    it('ranks a page with the word in its title above pages with it in the body', async () => {
      const result = await (await indexed()).search(key, query('crawler'));
      expect(paths(result)).toEqual(['docs/crawler', 'docs/relevance']);
      expect(result.total).toBe(2);
      expect(result.hits[0]?.terms.length).toBeGreaterThan(0);
    });

    it('finds other forms of a word by its stem', async () => {
      const result = await (await indexed()).search(key, query('installation'));
      expect(paths(result)).toEqual(['guide/install']);
    });

    it('ranks the pages holding every word first, those holding some after them while there are few', async () => {
      const backend = await indexed();
      // One page holds both words: the page of the widget alone follows it.
      expect(paths(await backend.search(key, query('widget theming')))).toEqual([
        'guide/theming',
        'guide/install',
      ]);
      const fallback = await backend.search(key, query('resistor zebra'));
      expect(paths(fallback)).toEqual(['products/resistor']);
    });

    it('reads the last word as a prefix when asked', async () => {
      const backend = await indexed();
      expect(paths(await backend.search(key, query('resis')))).toEqual([]);
      expect(paths(await backend.search(key, query('precision resis', { prefix: true })))).toEqual([
        'products/resistor',
      ]);
    });

    it('tolerates a typo in a word of four characters or more, two from eight', async () => {
      const backend = await indexed();
      expect(paths(await backend.search(key, query('crawlr')))).toContain('docs/crawler');
      expect(paths(await backend.search(key, query('synonims')))).toEqual(['docs/synonyms']);
      expect(paths(await backend.search(key, query('prceision')))).toEqual(['products/resistor']);
    });

    it('matches a quoted phrase only where its words follow each other', async () => {
      const backend = await indexed();
      const phrase: QuerySlot = { alternatives: [{ words: ['box', 'search'], weight: 1 }], phrase: true };
      const result = await backend.search(key, { ...query(''), slots: [phrase] });
      expect(paths(result)).toEqual(['docs/phrases']);
    });

    it('matches a several-word alternative (a synonym) as a phrase', async () => {
      const backend = await indexed();
      const slot: QuerySlot = {
        alternatives: [
          { words: ['tv'], weight: 1 },
          { words: ['search', 'box'], weight: 0.8 },
        ],
      };
      const result = await backend.search(key, { ...query(''), slots: [slot] });
      expect(paths(result).sort()).toEqual(['docs/phrases', 'docs/synonyms', 'guide/theming']);
    });

    it('counts and filters tabs by tag or URL pattern', async () => {
      const backend = await indexed();
      const tabs = [{ tags: ['DOCS'] }, { tags: [], urlPattern: 'https://example.test/guide/*' }];
      const all = await backend.search(key, query('pages', { tabs }));
      expect(all.allTotal).toBe(4);
      expect(all.tabCounts).toEqual([2, 1]);
      const docs = await backend.search(key, query('pages', { tabs, tab: 0 }));
      expect(docs.total).toBe(2);
      expect(docs.allTotal).toBe(4);
      expect(paths(docs).every((p) => p.startsWith('docs/'))).toBe(true);
    });

    it('multiplies the scores of pages whose URL matches a boost rule', async () => {
      const backend = await indexed();
      const plain = paths(await backend.search(key, query('crawler')));
      expect(plain[0]).toBe('docs/crawler');
      const boosted = await backend.search(
        key,
        query('crawler', { boosts: [{ urlPattern: '*/relevance', weight: 50 }] }),
      );
      expect(paths(boosted)[0]).toBe('docs/relevance');
    });

    it('leaves excluded pages out of results and counts, and pages by offset and limit', async () => {
      const backend = await indexed();
      const all = paths(await backend.search(key, query('pages')));
      const excluded = await backend.search(
        key,
        query('pages', { exclude: [`https://example.test/${all[0]}`] }),
      );
      expect(paths(excluded)).toEqual(all.slice(1));
      expect(excluded.total).toBe(all.length - 1);
      const second = await backend.search(key, query('pages', { offset: 1, limit: 2 }));
      expect(paths(second)).toEqual(all.slice(1, 3));
    });

    it('looks pages up by URL in the order asked, leaving out what is not indexed', async () => {
      const backend = await indexed();
      const found = await backend.lookup(key, [
        'https://example.test/docs/crawler',
        'https://example.test/nowhere',
        'https://example.test/guide/install',
      ]);
      expect(found.map((ref) => ref.title)).toEqual(['How the crawler works', 'Installing the widget']);
      expect(found[0]?.tags).toEqual(['docs']);
    });

    it('suggests titles holding every typed word, the last as a prefix', async () => {
      const backend = await indexed();
      const suggestions = await backend.suggest(key, ['the', 'wid'], 5);
      expect(suggestions.map((s) => s.title).sort()).toEqual(['Installing the widget', 'Theming the widget']);
      expect(await backend.suggest(key, ['zebra'], 5)).toEqual([]);
    });

    it('keeps generations apart', async () => {
      const backend = await indexed();
      const other = { ...key, generation: '2' };
      await backend.index(other, batches([page('new', 'A brand new page', 'Fresh words only here.')]));
      expect(paths(await backend.search(other, query('fresh')))).toEqual(['new']);
      expect(paths(await backend.search(key, query('fresh')))).toEqual([]);
    });
  });
}
