import { describe, expect, it } from 'vitest';
import { DEFAULT_ORIGIN } from '../constants.ts';
import { KeywordEngineDraft } from './engine.ts';
import { KeywordSettings } from './keyword.ts';
import { keywordClientSettings } from './keyword-client-settings.ts';

const TAB = { tabName: 'docs', tabIcon: 'documentation', tabCategory: 'Documentation' } as const;
const RULE = {
  rule: '^http:// -> https://',
  config: { pattern: '^http://', flags: '', replacement: 'https://' },
};

describe('keywordClientSettings', () => {
  it('Given the default keyword settings, when turned into client settings, then the client gets the defaults', () => {
    expect(keywordClientSettings(KeywordSettings.parse({}), undefined)).toEqual({
      origin: DEFAULT_ORIGIN,
      relevance: [],
      resultRanking: { enabled: false, entries: [] },
      tabs: [],
      useTabs: false,
      crossReferenceCategory: '',
      urlRewriteRules: [],
      suggestions: { minVisitors: 3, blockedTerms: [] },
    });
  });

  it('Given pinned results and their switch, when turned into client settings, then they become one ranking object', () => {
    const entries = [{ query: 'pricing', results: ['https://a.com/pricing'] }];
    const settings = KeywordSettings.parse({ resultRanking: entries, resultRankingEnabled: true });
    expect(keywordClientSettings(settings, undefined).resultRanking).toEqual({ enabled: true, entries });
  });

  it('Given an engine draft with crawler settings, when turned into client settings, then only what search reads is kept', () => {
    const draft = KeywordEngineDraft.parse({
      accountId: 'account-1',
      searchEngineName: 'Docs',
      urls: ['https://a.com'],
      origin: 'https://a.com',
      pageLoadDelay: '2s',
      csvSynonymTable: 'car, automobile',
      relevance: [{ id: 'rule-1', weight: 5, matches: '*/docs/*' }],
      tabs: [TAB],
      useTabs: true,
      crossReferenceCategory: 'Documentation',
      urlRewriteRules: [RULE],
    });
    expect(keywordClientSettings(draft, 'synonyms-engine-1')).toEqual({
      origin: 'https://a.com',
      relevance: [{ id: 'rule-1', weight: 5, target: 'URL', matches: '*/docs/*', match_type: 'wildcard' }],
      resultRanking: { enabled: false, entries: [] },
      tabs: [TAB],
      useTabs: true,
      crossReferenceCategory: 'Documentation',
      synonymFieldId: 'synonyms-engine-1',
      urlRewriteRules: [RULE],
      suggestions: { minVisitors: 3, blockedTerms: [] },
    });
  });

  it('Given settings that break the client schema, when turned into client settings, then it throws', () => {
    const settings = { ...KeywordSettings.parse({}), origin: '' };
    expect(() => keywordClientSettings(settings, undefined)).toThrow();
  });
});
