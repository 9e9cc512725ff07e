import { describe, expect, it } from 'vitest';
import type { BackendQuery } from '../backend.ts';
import { generatedIndex, typedQuery } from './backend-query.test-kit.ts';
import { KeywordIndex } from './keyword-index.ts';
import { CHAMPIONS_FROM } from './pack-postings.ts';

// A one-word search ranks only the best pages each of its terms keeps aside (its champions):
// its answers must be those of scoring every page, which a boost rule matching no page forces.

const PAGES = CHAMPIONS_FROM + 400;
// 'garden' on every page, said more or less often in bodies of varying length: many scores, many
// ties; 'gardenia' on some (a prefix's other term), 'kitchen' on few (no champions).
const data = generatedIndex(PAGES, (n) => ({
  title: n % 11 === 0 ? 'Garden tools' : `Page ${n}`,
  body: [
    ...Array.from({ length: (n % 7) + 1 }, () => 'garden'),
    ...Array.from({ length: n % 13 }, () => 'lorem'),
    n % 5 === 0 ? 'gardenia' : 'ipsum',
    n % 50 === 0 ? 'kitchen' : 'dolor',
    n % 7 === 0 ? 'kitten' : 'sit',
  ].join(' '),
}));
const index = new KeywordIndex(data);

/** The same search with every page scored: a rule boosting no page turns the champions off. */
const everyPage = (q: BackendQuery): BackendQuery => ({
  ...q,
  boosts: [{ urlPattern: '*/no-such-page/*', weight: 2 }],
});
const tabs = [{ tags: ['odd'] }, { tags: [], urlPattern: '*/shop/*' }];

describe('a one-word search', () => {
  it('given a word of more pages than CHAMPIONS_FROM, then its term keeps its best pages aside', () => {
    expect(data.champions.has(data.vocabulary.get('garden') as number)).toBe(true);
    expect(data.champions.has(data.vocabulary.get('kitchen') as number)).toBe(false);
  });

  it.each([
    ['garden', {}],
    ['gard', {}],
    ['gardn', {}],
    ['kitchen', {}],
    ['garden', { tabs }],
    ['gard', { tabs }],
    ['garden', { offset: 90, limit: 10 }],
  ] as const)('given %s (%o), then it answers what scoring every page answers', (q, extra) => {
    const fast = index.search(typedQuery(q, extra));
    expect(fast.hits.length).toBeGreaterThan(0);
    expect(fast).toEqual(index.search(everyPage(typedQuery(q, extra))));
  });

  it('given a prefix of two words of few pages, searched again, then it counts the pages of either', () => {
    let either = 0;
    for (let n = 0; n < PAGES; n++) if (n % 50 === 0 || n % 7 === 0) either++;
    for (const extra of [{}, {}, { tabs }, { tabs }]) {
      const found = index.search(typedQuery('kit', extra));
      expect(found.total).toBe(either);
      expect(found).toEqual(index.search(everyPage(typedQuery('kit', extra))));
    }
  });

  it('given the champions read, then changing them changes the answer (the full pass does not read them)', () => {
    const full = index.search(everyPage(typedQuery('garden')));
    const blind = new KeywordIndex({ ...data, championSteps: new Uint16Array(data.championSteps.length) });
    expect(blind.search(typedQuery('garden')).hits).not.toEqual(full.hits);
    expect(blind.search(everyPage(typedQuery('garden')))).toEqual(full);
  });

  it('given more pages wanted than are kept aside, a chosen tab or a page left out, then every page is scored', () => {
    for (const extra of [
      { offset: 100, limit: 10 },
      { tabs, tab: 1 },
      { exclude: [data.keys[0] as string] },
    ]) {
      const blind = new KeywordIndex({ ...data, championSteps: new Uint16Array(data.championSteps.length) });
      expect(blind.search(typedQuery('garden', extra))).toEqual(
        index.search(everyPage(typedQuery('garden', extra))),
      );
    }
  });
});

describe('a several-word search of common words', () => {
  // Every word but 'kitchen' is in more than a DENSE_SHARE-th of the pages: the pages holding them
  // all are found from bitsets first and only those scored. 'lorem' is on the pages but every
  // 13th, 'ipsum' on those 'gardenia' is not on; 'kitchen' keeps its pages as a list.
  const pageByPage = new KeywordIndex(data, { denseShare: 0 });

  it.each([
    ['lorem ipsum', {}],
    ['ipsum lorem gard', {}],
    ['garden lorem gardenia', {}],
    ['lorem kitchen garden', {}],
    ['lorem ipsum', { tabs }],
    ['lorem gard', { tabs, tab: 0 }],
    ['lorem ipsum', { offset: 90, limit: 10 }],
    ['lorem ipsum', { exclude: [data.keys[1] as string] }],
  ] as const)('given %s (%o), then it answers what scoring page by page answers', (q, extra) => {
    const dense = index.search(typedQuery(q, extra));
    expect(dense.hits.length).toBeGreaterThan(0);
    expect(dense).toEqual(pageByPage.search(typedQuery(q, extra)));
  });
});

describe('a search with a typo', () => {
  // 'list' on every page; 'lisa', one typo from it, on one; 'comprehension', misspelled in the
  // query, on two: the page with the word as typed must come before the one with its neighbour.
  const typed = new KeywordIndex(
    generatedIndex(60, (n) => ({
      title: n === 0 ? 'Data structures' : n === 1 ? "What's new" : `Page ${n}`,
      body: [
        'list of things',
        n === 0 ? 'a list comprehension builds a list' : '',
        n === 1 ? 'thanks to Lisa Roach for the comprehension of the release' : '',
      ].join(' '),
    })),
  );
  const urls = (q: string) => typed.search(typedQuery(q)).hits.map((hit) => hit.url);

  it('given a word spelled right and one misspelled, then pages of the word as typed come first', () => {
    // The two pages holding both words, then (fewer than a page of those) pages of 'list' alone.
    expect(urls('list comprehensoin ').slice(0, 2)).toEqual([
      'https://x.test/shop/0',
      'https://x.test/blog/1',
    ]);
  });

  it('given a rare word of the pages, too few alone, then its more common neighbours are found after it', () => {
    const found = urls('lisa ');
    expect(found[0]).toBe('https://x.test/blog/1');
    expect(found).toContain('https://x.test/shop/0');
  });
});

describe('a search of several words that few pages hold all of', () => {
  // Page n holds 'alpha' when n < 40, 'beta' when 30 ≤ n < 60 and 'gamma' when n ≥ 36: 'alpha beta'
  // on 10 pages (30–39), 'alpha beta gamma' on 4 (36–39).
  const words = new KeywordIndex(
    generatedIndex(100, (n) => ({
      title: `Page ${n}`,
      body: [n < 40 ? 'alpha' : '', n >= 30 && n < 60 ? 'beta' : '', n >= 36 ? 'gamma' : '', 'filler'].join(
        ' ',
      ),
    })),
  );
  const pagesOf = (q: string) => {
    const found = words.search(typedQuery(q, { limit: 100 }));
    return { total: found.total, pages: found.hits.map((hit) => Number(hit.url.split('/').at(-1))) };
  };

  it('given a page of pages or more holding every word, then only those', () => {
    const { total, pages } = pagesOf('alpha beta');
    expect(total).toBe(10);
    expect(pages.sort((a, b) => a - b)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
  });

  it('given fewer, then those first and the pages holding some of the words after them', () => {
    const { total, pages } = pagesOf('alpha beta gamma');
    // Every page holds one of the words at least (alpha below 40, gamma from 36).
    expect(total).toBe(100);
    expect(pages.slice(0, 4).sort((a, b) => a - b)).toEqual([36, 37, 38, 39]);
    expect(pages.slice(4)).not.toContain(36);
  });

  it('given a word no page holds, then the pages holding the others', () => {
    const { total, pages } = pagesOf('alpha zebra');
    expect(total).toBe(40);
    expect(pages.every((page) => page < 40)).toBe(true);
  });
});

describe('a question of rare and common words', () => {
  // 'zephyr' on every 20th page, 'quasar' on every 15th, 'amet' on every 7th; 'lorem' on every
  // page, 'ipsum' on two in three, 'dolor' on every other: once the rare words are scored, a page
  // holding only common ones cannot rank among the best, and those are scored on the pages found.
  const data = generatedIndex(3000, (n) => ({
    title: n % 60 === 0 ? 'Zephyr guide' : `Page ${n}`,
    body: [
      n % 20 === 0 ? 'zephyr' : 'sit',
      n % 15 === 1 ? 'quasar quasar' : 'consectetur',
      n % 7 === 0 ? 'amet' : 'elit',
      ...Array.from({ length: (n % 5) + 1 }, () => 'lorem'),
      n % 3 !== 0 ? 'ipsum' : 'sed',
      n % 2 === 0 ? 'dolor' : 'tempor',
      ...Array.from({ length: n % 11 }, () => 'incididunt'),
    ].join(' '),
  }));
  const pruned = new KeywordIndex(data);
  const whole = new KeywordIndex(data, { pruning: false });
  const tabs = [{ tags: ['odd'] }, { tags: [], urlPattern: '*/shop/*' }];

  it.each([
    ['zephyr quasar lorem ipsum', {}],
    ['zephyr quasar lorem ipsum dolor', {}],
    ['quasar amet lorem ipsum dolor', {}],
    ['zephyr quasar lorem ipsum', { tabs }],
    ['zephyr quasar lorem ipsum dolor', { tabs, tab: 1 }],
    ['zephyr amet lorem ipsum', { boosts: [{ urlPattern: '*/shop/*', weight: 3 }] }],
    ['zephyr quasar lorem ipsum', { exclude: [data.keys[0] as string, data.keys[2] as string] }],
    ['zephyr quasar lorem ipsum dolor', { offset: 90, limit: 10 }],
    ['"quasar quasar" zephyr lorem ipsum dolor', {}],
  ] as const)('given %s (%o), then it answers what scoring every page answers', (q, extra) => {
    const fast = pruned.search(typedQuery(q, extra));
    expect(fast.hits.length).toBeGreaterThan(0);
    expect(fast).toEqual(whole.search(typedQuery(q, extra)));
  });

  it('given its common words, then every page holding one is counted', () => {
    // 'lorem' is on every page: every page but those left out is an answer.
    const found = pruned.search(
      typedQuery('zephyr quasar lorem ipsum', { exclude: [data.keys[5] as string] }),
    );
    expect(found.total).toBe(2999);
  });
});
