import { KeywordClientSettings, parseCharacterMapping } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { parseKeywordQuery } from './parse-query.ts';
import { hiddenUrls, pinnedUrls } from './pins.ts';

const MAPPINGS = parseCharacterMapping("’ => ', Ω => ohm, μ => u").mappings;

function settings(enabled: boolean, entries: { query: string; results: string[]; hidden?: string[] }[]) {
  return KeywordClientSettings.parse({ resultRanking: { enabled, entries } });
}

const ENTRIES = [
  { query: 'Pricing', results: ['https://shop.test/pricing', 'https://shop.test/plans'] },
  { query: 'Ω Resistors', results: ['https://shop.test/ohm'] },
  { query: '  pricing ', results: ['https://shop.test/plans', ' https://shop.test/faq '] },
  { query: '?!', results: ['https://shop.test/never'] },
];

describe('pinnedUrls', () => {
  it('given result ranking on and a matching query, then its URLs in order', () => {
    const normalised = parseKeywordQuery('PRICING', { mappings: MAPPINGS, synonyms: [] }).normalised;
    expect(pinnedUrls(settings(true, ENTRIES), normalised, MAPPINGS)).toEqual([
      'https://shop.test/pricing',
      'https://shop.test/plans',
      'https://shop.test/faq',
    ]);
  });

  it('given result ranking off, then nothing is pinned', () => {
    expect(pinnedUrls(settings(false, ENTRIES), 'pricing', MAPPINGS)).toEqual([]);
  });

  it('given a query the entries do not name, then nothing is pinned', () => {
    expect(pinnedUrls(settings(true, ENTRIES), 'pricing plans', MAPPINGS)).toEqual([]);
  });

  it('given an entry with a mapped character, then the mapped query pins it', () => {
    const normalised = parseKeywordQuery('ohm resistors', { mappings: MAPPINGS, synonyms: [] }).normalised;
    expect(pinnedUrls(settings(true, ENTRIES), normalised, MAPPINGS)).toEqual(['https://shop.test/ohm']);
  });

  it('given an entry query with no words and an empty query, then it pins nothing', () => {
    expect(pinnedUrls(settings(true, ENTRIES), '', MAPPINGS)).toEqual([]);
  });

  it('given the answer is changed by the caller, then the next answer is not', () => {
    const s = settings(true, ENTRIES);
    pinnedUrls(s, 'pricing', MAPPINGS).push('https://shop.test/evil');
    expect(pinnedUrls(s, 'pricing', MAPPINGS)).toHaveLength(3);
  });
});

describe('hiddenUrls', () => {
  const CURATED = [
    { query: 'Pricing', results: ['https://shop.test/pricing', 'https://shop.test/old'] },
    { query: 'pricing', results: [], hidden: [' https://shop.test/old ', 'https://shop.test/2019'] },
  ];

  it('given entries of one query that hide URLs, then those are hidden and no longer pinned', () => {
    const s = settings(true, CURATED);
    expect(hiddenUrls(s, 'pricing', MAPPINGS)).toEqual(['https://shop.test/old', 'https://shop.test/2019']);
    expect(pinnedUrls(s, 'pricing', MAPPINGS)).toEqual(['https://shop.test/pricing']);
  });

  it('given result ranking off, then nothing is hidden', () => {
    expect(hiddenUrls(settings(false, CURATED), 'pricing', MAPPINGS)).toEqual([]);
  });
});
