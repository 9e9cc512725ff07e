import { describe, expect, it } from 'vitest';
import { SearchEngine } from './engine.ts';
import { KeywordSettings } from './keyword.ts';

const RECORD = {
  id: 'engine-1',
  accountId: 'account-1',
  searchEngineName: 'Catalogue',
  createdDate: '2026-01-01T00:00:00.000Z',
  createdBy: 'user-1',
};

describe('the SearchEngine schema', () => {
  it('Given a parametric engine, when parsed, then it gains no keyword setting', () => {
    const engine = SearchEngine.parse({ ...RECORD, searchEngineType: 'pm' });
    const keywordKeys = Object.keys(KeywordSettings.shape).filter((key) => key !== 'urls');
    expect(Object.keys(engine).filter((key) => keywordKeys.includes(key))).toEqual([]);
  });

  it('Given a keyword engine listed without its settings, when parsed, then none is made up', () => {
    const engine = SearchEngine.parse({ ...RECORD, searchEngineType: 'kw', urls: ['https://a.com'] });
    expect(engine).toEqual({ ...RECORD, searchEngineType: 'kw', urls: ['https://a.com'] });
  });

  it('Given a keyword engine with settings, when parsed, then they are kept and still checked', () => {
    const engine = SearchEngine.parse({ ...RECORD, searchEngineType: 'kw', useTabs: true, tabs: [] });
    expect(engine).toMatchObject({ useTabs: true, tabs: [] });
    expect(SearchEngine.safeParse({ ...RECORD, searchEngineType: 'kw', useTabs: 'yes' }).success).toBe(false);
  });
});
