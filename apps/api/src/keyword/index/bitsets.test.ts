import { describe, expect, it } from 'vitest';
import { generatedIndex, typedQuery } from './backend-query.test-kit.ts';
import { ByteWriter } from './bytes.ts';
import { TITLE } from './fields.ts';
import type { IndexData } from './index-data.ts';
import { KeywordIndex } from './keyword-index.ts';
import { CHAMPIONS_FROM, pageWords, popcount } from './pack-postings.ts';
import { holdsTerm, inTitle, recordMask, seek } from './postings.ts';

// A term in more than an eighth of the pages (and more than CHAMPIONS_FROM) keeps its pages as a
// bitset, which searches walk or look pages up in: their answers must be those of the same index
// with every term's pages as varint deltas.

const PAGES = CHAMPIONS_FROM + 500;
// 'alpha' on every page, 'beta' on nine in ten and 'alphabet' on eight in nine (bitsets), 'delta'
// on one in seven and 'deltoid' on one in eleven (deltas); counts and lengths vary, so scores do.
const data = generatedIndex(PAGES, (n) => ({
  title: n % 17 === 0 ? 'Alpha beta' : `Page ${n}`,
  body: [
    ...Array.from({ length: (n % 5) + 1 }, () => 'alpha'),
    ...(n % 10 === 0 ? [] : Array.from({ length: (n % 4) + 1 }, () => 'beta')),
    n % 7 === 0 ? 'delta' : 'lorem',
    n % 11 === 0 ? 'deltoid' : 'ipsum',
    n % 9 === 0 ? 'dolor' : 'alphabet',
    // A rarer word of the same beginning: 'alph' is then a bitset's words and a list's pages.
    n % 23 === 0 ? 'alphonse' : 'amet',
    ...Array.from({ length: n % 13 }, () => 'filler'),
  ].join(' '),
}));
const term = (word: string) => data.vocabulary.get(word) as number;

/** The same index with every term's pages as varint deltas (no bitsets). */
function withoutBitsets(indexed: IndexData): IndexData {
  const pages = new ByteWriter(1 << 16);
  const pageStart = new Uint32Array(indexed.pageStart.length);
  for (let t = 0; t < indexed.frequencies.length; t++) {
    const bitset = indexed.bitsets.get(t);
    if (bitset === undefined) {
      for (let at = indexed.pageStart[t] as number; at < (indexed.pageStart[t + 1] as number); at++)
        pages.put(indexed.pages[at] as number);
    } else {
      let last = -1;
      for (let page = 0; page < indexed.pageCount; page++) {
        const word = indexed.bits[bitset + (page >>> 5)] as number;
        if (((word >>> (page & 31)) & 1) === 0) continue;
        pages.put(page - last);
        last = page;
      }
    }
    pageStart[t + 1] = pages.length;
  }
  return { ...indexed, pages: pages.bytes.slice(0, pages.length), pageStart, bitsets: new Map() };
}

const tabs = [{ tags: ['odd'] }, { tags: [], urlPattern: '*/shop/*' }];

describe('terms kept as bitsets', () => {
  it('given a term in more than an eighth of the pages, then its bits are its pages and its ranks count them', () => {
    expect(data.bitsets.has(term('alpha'))).toBe(true);
    expect(data.bitsets.has(term('beta'))).toBe(true);
    expect(data.bitsets.has(term('delta'))).toBe(false);
    const bitset = data.bitsets.get(term('beta')) as number;
    const held = Array.from({ length: PAGES }, (_, page) => page).filter(
      (page) => ((data.bits[bitset + (page >>> 5)] as number) >>> (page & 31)) & 1,
    );
    // 'beta' is in the body of nine pages in ten, and in the titles 'Alpha beta'.
    expect(held).toEqual(
      Array.from({ length: PAGES }, (_, page) => page).filter((page) => page % 10 !== 0 || page % 17 === 0),
    );
    for (let w = 0; w < pageWords(PAGES); w++)
      expect(data.bitRanks[bitset + w]).toBe(held.filter((page) => page < w * 32).length);
    // No varint deltas besides.
    expect(data.pageStart[term('beta') + 1]).toBe(data.pageStart[term('beta')]);
  });

  it.each([
    ['alpha beta', {}],
    ['delta beta', {}],
    ['deltoid delta alpha', {}],
    ['beta del', {}],
    ['alpah beta', {}],
    ['"alpha beta"', {}],
    ['beta zzzz', {}],
    ['alpha beta', { tabs }],
    ['delta beta', { tabs, tab: 1 }],
    ['alpha beta', { offset: 200, limit: 10 }],
    ['beta', { tabs }],
    ['be', {}],
    ['alph', {}],
    ['alph', { tabs }],
  ] as const)('given %s (%o), then it answers what the index without bitsets answers', (q, extra) => {
    const answer = new KeywordIndex(data).search(typedQuery(q, extra));
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(answer).toEqual(new KeywordIndex(withoutBitsets(data)).search(typedQuery(q, extra)));
  });

  it('given a page taken out of a bitset, then searches read it: walked and looked up', () => {
    const page = 7; // holds 'beta' and 'delta'
    const bits = data.bits.slice();
    const at = (data.bitsets.get(term('beta')) as number) + (page >>> 5);
    bits[at] = (bits[at] as number) & ~(1 << (page & 31));
    const changed = new KeywordIndex({ ...data, bits });
    const pages = (q: string) => changed.search(typedQuery(q, { limit: PAGES })).hits.map((hit) => hit.key);
    const key = data.keys[page] as string;
    expect(
      new KeywordIndex(data).search(typedQuery('delta beta', { limit: PAGES })).hits.map((hit) => hit.key),
    ).toContain(key);
    // 'delta' is the rarer: 'beta' is looked up for its pages; alone, 'beta' is walked.
    expect(pages('delta beta')).not.toContain(key);
    expect(pages('beta')).not.toContain(key);
  });
});

describe('what re-ranking asks of a page', () => {
  it('given any term and page, then holdsTerm and inTitle answer what its record says', () => {
    const words = ['alpha', 'beta', 'alphabet', 'delta', 'deltoid', 'page', 'filler'];
    for (const word of words) {
      for (let page = 0; page < PAGES; page++) {
        const at = seek(data, term(word), page);
        expect(holdsTerm(data, term(word), page)).toBe(at >= 0);
        expect(inTitle(data, term(word), page)).toBe(at >= 0 && (recordMask(data, at) & (1 << TITLE)) !== 0);
      }
    }
  });
});

describe('popcount', () => {
  it('given words, then their set bits', () => {
    expect([0, 1, 0xff, 0x80000000, 0xffffffff, 0x55555555].map(popcount)).toEqual([0, 1, 8, 1, 32, 16]);
  });
});
