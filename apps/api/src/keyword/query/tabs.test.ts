import { KeywordClientSettings } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { boostRulesOf } from './boosts.ts';
import { tabSpecOf, tabsOf } from './tabs.ts';

const TABS = [
  { tabName: 'Docs', tabIcon: 'documentation', tabCategory: 'Documentation' },
  { tabName: 'blog', tabIcon: 'blog', tabCategory: '*/blog/*' },
  { tabName: 'pdfs', tabIcon: 'pdf', tabCategory: ' https://shop.test/files/ ' },
];

describe('tabsOf', () => {
  it('given tabs in use, then all first and each tab with its spec, in order', () => {
    const { tabs, specs } = tabsOf(KeywordClientSettings.parse({ tabs: TABS, useTabs: true }));
    expect(tabs).toEqual([
      { name: 'all', icon: 'all' },
      { name: 'docs', icon: 'documentation' },
      { name: 'blog', icon: 'blog' },
      { name: 'pdfs', icon: 'pdf' },
    ]);
    expect(specs).toEqual([
      { tags: ['Documentation'] },
      { tags: [], urlPattern: '*/blog/*' },
      { tags: [], urlPattern: 'https://shop.test/files/' },
    ]);
  });

  it('given tabs not in use, then only all', () => {
    expect(tabsOf(KeywordClientSettings.parse({ tabs: TABS, useTabs: false }))).toEqual({
      tabs: [{ name: 'all', icon: 'all' }],
      specs: [],
    });
  });
});

describe('tabSpecOf', () => {
  it.each([
    ['Press Release', { tags: ['Press Release'] }],
    ['  product ', { tags: ['product'] }],
    ['*pdf', { tags: [], urlPattern: '*pdf' }],
    ['/support/', { tags: [], urlPattern: '/support/' }],
  ])('given the category %j, then %j', (category, spec) => {
    expect(tabSpecOf(category)).toEqual(spec);
  });
});

describe('boostRulesOf', () => {
  it('given rules of weight 1 and above, then only those above 1, as URL patterns', () => {
    const settings = KeywordClientSettings.parse({
      relevance: [
        { id: 'a', weight: 1, matches: '*/old/*' },
        { id: 'b', weight: 50, matches: ' */docs/* ' },
        { id: 'c', weight: 100, matches: '*/guide' },
      ],
    });
    expect(boostRulesOf(settings)).toEqual([
      { urlPattern: '*/docs/*', weight: 50 },
      { urlPattern: '*/guide', weight: 100 },
    ]);
  });

  it('given no rules, then no boosts', () => {
    expect(boostRulesOf(KeywordClientSettings.parse({}))).toEqual([]);
  });
});
