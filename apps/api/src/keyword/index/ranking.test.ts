import { describe, expect, it } from 'vitest';
import type { KeywordPage } from '../backend.ts';
import { generatedIndex, typedQuery, wordsQuery } from './backend-query.test-kit.ts';
import { HUB_FROM, HUB_LEAST, hubFactor } from './bm25f.ts';
import { IndexBuilder } from './build.ts';
import { KeywordIndex } from './keyword-index.ts';
import { PositionLists } from './position-lists.ts';

/** A site whose every page has the same navigation words and title suffix, like a generated manual. */
function site(pages: [path: string, title: string, body: string][]): KeywordIndex {
  const builder = new IndexBuilder();
  for (const [path, title, body] of pages) {
    const url = `https://docs.test/${path}`;
    const page: KeywordPage = {
      key: url,
      url,
      title: `${title} — Manual 3.11.2 documentation`,
      headings: [],
      description: '',
      body: `Navigation: index modules next previous. ${body}`,
      tags: [],
      language: 'en',
    };
    builder.add(page);
  }
  return new KeywordIndex(builder.finish());
}

function search(index: KeywordIndex, words: string[], prefix = false): string[] {
  const query = wordsQuery(words, { prefix });
  return index.search(query).hits.map((hit) => hit.url.replace('https://docs.test/', ''));
}

const SITE = site([
  ['importing', 'Importing Modules', 'Modules modules modules: importing modules from modules of modules.'],
  ['tutorial/modules', 'Modules', 'A module is a file. Modules group code.'],
  ['c-api/module', 'Module Objects', 'Module objects, modules and module state of modules.'],
  ['whatsnew/index', 'What is New', 'Every release: what is new in 3.10 and in 3.11.'],
  [
    'whatsnew/3.10',
    'What is New In 3.10',
    'New features of release 3.10: new syntax, new modules, new errors.',
  ],
  ['whatsnew/3.11', 'What is New In 3.11', 'New features of release 3.11: new speed, new errors, new types.'],
  ['io', 'Input and Output', 'Reading a file line by line, and writing files.'],
  ['crawler', 'The crawler', 'How the crawler follows links.'],
]);

describe('ranking of the in-memory index', () => {
  it('ranks the page titled by a word first even when every page says it (its navigation)', () => {
    expect(search(SITE, ['modules'])[0]).toBe('tutorial/modules');
  });

  it('ranks the page whose title is the query above longer titles holding it', () => {
    expect(search(SITE, ['what', 'is', 'new'])[0]).toBe('whatsnew/index');
    expect(search(SITE, ['what', 'is', 'new', 'in', '3.11'])[0]).toBe('whatsnew/3.11');
  });

  it('reads a version as one word', () => {
    expect(search(SITE, ['3.10'])).toEqual(['whatsnew/3.10', 'whatsnew/index']);
  });

  it('does not require English function words when the query has others', () => {
    expect(search(SITE, ['how', 'do', 'i', 'read', 'a', 'file', 'line', 'by', 'line'])[0]).toBe('io');
    expect(search(SITE, ['how', 'does', 'the', 'crawler'])).toEqual(['crawler']);
    // No page has 'work': any word then, the page with the most of them first.
    expect(search(SITE, ['how', 'does', 'the', 'crawler', 'work'])[0]).toBe('crawler');
  });

  it('given a word typed twice, or two words of one stem, then it ranks as the word once', () => {
    // Their term's positions, read twice, once made a span of one word: an infinite bonus for
    // every page re-ranked, which then came in page order.
    for (const words of [
      ['modules', 'modules'],
      ['module', 'modules'],
    ]) {
      const hits = SITE.search(wordsQuery(words)).hits;
      expect(hits.every((hit) => Number.isFinite(hit.score))).toBe(true);
      expect(hits[0]?.url).toBe('https://docs.test/tutorial/modules');
    }
  });

  it('suggests titles from the words of titles, shorter titles first among equals', () => {
    const titles = (words: string[]) =>
      SITE.suggest(words, 5).map((ref) => ref.title.replace(' — Manual 3.11.2 documentation', ''));
    expect(titles(['mod']).sort()).toEqual(['Importing Modules', 'Module Objects', 'Modules']);
    expect(titles(['what', 'is', 'n'])[0]).toBe('What is New');
    // 'navigation' is on every page, in no title: no suggestion.
    expect(titles(['navig'])).toEqual([]);
  });

  it('suggests first the titles that read as typed, more so from their start', () => {
    const index = site([
      ['library/struct', 'struct — Interpret bytes as packed binary data', 'Packed data.'],
      ['tutorial/datastructures', '5. Data Structures', 'Lists and dictionaries.'],
      ['library/structures', 'Structures', 'Records.'],
      ['c-api/none', 'The None Object, Python', 'None.'],
      ['tutorial/index', 'The Python Tutorial for Beginners of All Kinds', 'Learn Python.'],
    ]);
    const titles = (words: string[]) =>
      index.suggest(words, 5).map((ref) => ref.title.replace(' — Manual 3.11.2 documentation', ''));
    // By title idf alone, 'struct' (rarer in titles than 'structures') and the shorter 'The None
    // Object, Python' came first.
    expect(titles(['data', 'str'])).toEqual([
      '5. Data Structures',
      'struct — Interpret bytes as packed binary data',
    ]);
    expect(titles(['the', 'pyth'])).toEqual([
      'The Python Tutorial for Beginners of All Kinds',
      'The None Object, Python',
    ]);
  });

  it('credits the title with a completion of a word typed whole, though the body holds the word', () => {
    const index = site([
      ['signal', 'Asynchronous signals', 'Handlers run between instructions.'],
      [
        'asyncio',
        'asyncio — Asynchronous I/O',
        `Concurrent code with async and await. ${'Tasks run. '.repeat(30)}`,
      ],
      ...[1, 2, 3, 4, 5, 6].map((n): [string, string, string] => [
        `page${n}`,
        `Page ${n}`,
        `Of async code, asyncio and asynchronous calls ${'and more words '.repeat(n * 4)}.`,
      ]),
    ]);
    // 'async' in asyncio's body hid its title's 'asyncio' and 'asynchronous' from the title bonus
    // that the signal page's 'asynchronous' got.
    expect(search(index, ['async'], true).slice(0, 2)).toEqual(['asyncio', 'signal']);
    expect(search(index, ['asyn'], true).slice(0, 2)).toEqual(['asyncio', 'signal']);
  });

  it('credits a title word once, though two words of the query match it', () => {
    const index = site([
      ['library/configuration', 'Configuration', 'The configuration settings, by class.'],
      ['howto/setup', 'Setup', 'Setup reads its configuration from a file.'],
    ]);
    const score = (words: string[]) =>
      index.search(wordsQuery(words)).hits.find((hit) => hit.url.endsWith('/library/configuration'))?.score ??
      0;
    // Two words of one stem: the second adds the page's score of it again, not the title's bonus.
    expect(score(['configuration', 'configurations'])).toBeLessThan(2 * score(['configuration']));
  });
});

describe('Chinese and Japanese pages', () => {
  it('given characters written together, then only pages holding them together match', () => {
    const builder = new IndexBuilder();
    const page = (path: string, title: string, body: string): KeywordPage => {
      const url = `https://docs.test/${path}`;
      return { key: url, url, title, headings: [], description: '', body, tags: [], language: 'ja' };
    };
    builder.add(page('tower', '東京タワー', '東京タワーは東京の観光名所です。'));
    builder.add(page('kyoto', '京都', '京都の東にある寺です。'));
    builder.add(page('london', 'ロンドン', 'ロンドンの塔。'));
    const index = new KeywordIndex(builder.finish());
    const found = (q: string) =>
      index.search(typedQuery(q)).hits.map((hit) => hit.key.replace('https://docs.test/', ''));
    expect(found('東京')).toEqual(['tower']);
    expect(found('東京タワー')).toEqual(['tower']);
    expect(found('京都 寺')).toEqual(['kyoto']);
    expect(found('塔')).toEqual(['london']);
  });
});

describe('the heading bonus', () => {
  it("ranks the page whose heading holds the query's words together above pages scattering them", () => {
    const builder = new IndexBuilder();
    const page = (path: string, headings: string[], body: string): KeywordPage => {
      const url = `https://docs.test/${path}`;
      return { key: url, url, title: path, headings, description: '', body, tags: [], language: 'en' };
    };
    // The FAQ's question is a heading among many; the other pages say the words more often, apart.
    const questions = Array.from({ length: 30 }, (_, n) => `How do I do thing number ${n}?`);
    builder.add(
      page(
        'faq',
        [...questions.slice(0, 15), 'Why are default values shared between objects?', ...questions.slice(15)],
        `${'An answer to a question. '.repeat(200)} Default values are created once, when the function is defined.`,
      ),
    );
    builder.add(
      page(
        'memory',
        ['Shared memory'],
        'Shared memory: values shared between processes as objects. Default size.',
      ),
    );
    builder.add(
      page(
        'ftp',
        ['FTP objects'],
        'Objects of the FTP class; default values, shared between them, and more.',
      ),
    );
    const index = new KeywordIndex(builder.finish());
    const ranked = index.search(typedQuery('why are default values shared between objects')).hits;
    expect(ranked.map((hit) => hit.key.replace('https://docs.test/', ''))[0]).toBe('faq');
  });
});

describe('the hub factor', () => {
  it('ranks a page of links holding the words below the article about them, unless it alone holds them', () => {
    const builder = new IndexBuilder();
    const page = (path: string, title: string, body: string, linkShare: number): KeywordPage => {
      const url = `https://docs.test/${path}`;
      return {
        key: url,
        url,
        title,
        headings: [],
        description: '',
        body,
        tags: [],
        language: 'en',
        linkShare,
      };
    };
    // The contents page names every section, so it holds the words more often than the section.
    const sections = [
      'Copying a directory tree',
      'Copying files',
      'Removing a directory tree',
      'Moving files',
    ];
    builder.add(
      page(
        'contents',
        'Contents',
        sections
          .map((s) => `${s}. `)
          .join('')
          .repeat(3),
        1,
      ),
    );
    builder.add(page('shutil', 'High-level file operations', 'Copying a directory tree: use copytree.', 0.1));
    builder.add(page('glossary', 'Glossary', 'Words: directory tree, removing.', 0.2));
    const index = new KeywordIndex(builder.finish());
    const ranked = (q: string) =>
      index.search(typedQuery(q)).hits.map((hit) => hit.key.replace('https://docs.test/', ''));
    expect(ranked('copying a directory tree ').slice(0, 2)).toEqual(['shutil', 'contents']);
    expect(ranked('moving files ')[0]).toBe('contents');
  });

  it('is 1 up to HUB_FROM and falls to HUB_LEAST for a page of links only', () => {
    expect(hubFactor(0)).toBe(1);
    expect(hubFactor(HUB_FROM)).toBe(1);
    expect(hubFactor(1)).toBeCloseTo(HUB_LEAST);
    expect(hubFactor((1 + HUB_FROM) / 2)).toBeCloseTo((1 + HUB_LEAST) / 2);
    expect(hubFactor(Number.NaN)).toBe(1);
  });
});

describe('the proximity bonus, worked out only where it can matter', () => {
  // 'alpha' and 'beta' a varying number of words apart, said more or less often: the bonus (up to
  // half again) reorders pages whose scores without it are close.
  const index = new KeywordIndex(
    generatedIndex(400, (n) => {
      const filler = Array.from({ length: (n * 7) % 23 }, () => 'lorem').join(' ');
      const gap = Array.from({ length: (n * 13) % 9 }, () => 'ipsum').join(' ');
      const again = n % 3 === 0 ? ' alpha' : '';
      return {
        title: `Page ${n}`,
        body: `${filler} alpha ${gap} beta${again} dolor ${'sit '.repeat(n % 5)}`,
      };
    }),
  );

  it('given a page of results, then it is the first page of all re-ranked pages, scores included', () => {
    for (const q of ['alpha beta', 'beta alpha', 'alpha beta dolor', 'alpha lorem']) {
      const first = index.search(typedQuery(q, { limit: 10 })).hits;
      const all = index.search(typedQuery(q, { limit: 100 })).hits;
      expect(first.map((hit) => [hit.key, hit.score])).toEqual(
        all.slice(0, 10).map((hit) => [hit.key, hit.score]),
      );
    }
  });
});

describe('PositionLists', () => {
  const held = new PositionLists();
  /** The lists read one after the other (as for a page), then their smallest span. */
  const smallestSpan = (lists: readonly number[][], from = 0, to = 0) => {
    held.clear();
    for (const list of lists) {
      for (const position of list) held.push(position);
      held.endList();
    }
    return held.smallestSpan(from, to);
  };

  /** Every choice of one position per list: the narrowest (within [from, to) when given). */
  function bruteForce(
    lists: number[][],
    from = Number.NEGATIVE_INFINITY,
    to = Number.POSITIVE_INFINITY,
  ): number {
    let best = Number.POSITIVE_INFINITY;
    const pick = (n: number, low: number, high: number): void => {
      if (n === lists.length) {
        if (low >= from && high < to) best = Math.min(best, high - low + 1);
        return;
      }
      for (const p of lists[n] as number[]) pick(n + 1, Math.min(low, p), Math.max(high, p));
    };
    pick(0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    return best;
  }

  it('finds the narrowest window holding every list, as trying every choice does', () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    for (let round = 0; round < 300; round++) {
      const lists = Array.from({ length: 1 + random(4) }, () =>
        [...new Set(Array.from({ length: 1 + random(6) }, () => random(60)))].sort((a, b) => a - b),
      );
      const from = random(40);
      const to = from + random(30);
      expect(smallestSpan(lists, from, to), JSON.stringify(lists)).toBe(bruteForce(lists));
      expect(held.spanWithin, JSON.stringify([lists, from, to])).toBe(bruteForce(lists, from, to));
    }
    expect(smallestSpan([[3, 40], [10, 41], [39]])).toBe(3);
  });

  it('given an empty list, then it is left out; given none, then the span is infinite', () => {
    expect(smallestSpan([[3, 40], [], [39]])).toBe(2);
    expect(held.count).toBe(2);
    expect(smallestSpan([[], []])).toBe(Number.POSITIVE_INFINITY);
  });

  it('given more positions than it first holds, then it grows and keeps them', () => {
    const long = Array.from({ length: 3000 }, (_, n) => n * 2);
    expect(smallestSpan([long, [5997]])).toBe(2);
    expect(held.length).toBe(3001);
  });
});
