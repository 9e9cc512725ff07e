import { describe, expect, it } from 'vitest';
import { queryTerms } from '../snippets/query-terms.ts';
import { keywordPage } from './generation-pages.ts';
import { inTab } from './in-tab.ts';
import { changedEngineOf } from './publish-announce.ts';

describe('The keyword runtime parts', () => {
  it('Given a live change, then only a well-formed generation announcement names an engine', () => {
    expect(changedEngineOf('kw-generation:acc/eng')).toEqual({ accountId: 'acc', engineId: 'eng' });
    expect(changedEngineOf('')).toBeNull();
    expect(changedEngineOf(undefined)).toBeNull();
    expect(changedEngineOf('kw-generation:acc')).toBeNull();
    expect(changedEngineOf('kw-generation:acc/eng/extra')).toBeNull();
  });

  it('Given a stored page, then its texts are character-mapped for the index and its URL is not', () => {
    const page = keywordPage(
      {
        url_key: 'https://example.com/ω',
        url: 'https://example.com/Ω?x=Ω',
        title: '100 Ω',
        headings: ['Ω table'],
        description: 'μ and Ω',
        language: 'en',
        body: 'It’s 5 Ω.',
        custom_tags: { tags: ['Ω parts', 3] },
        link_share: 0.25,
        type: 'html',
      },
      [
        { original: 'Ω', mapped: 'ohm' },
        { original: '’', mapped: "'" },
      ],
    );
    expect(page).toEqual({
      key: 'https://example.com/ω',
      url: 'https://example.com/Ω?x=Ω',
      title: '100 ohm',
      headings: ['ohm table'],
      description: 'μ and ohm',
      body: "It's 5 ohm.",
      tags: ['ohm parts'],
      language: 'en',
      linkShare: 0.25,
    });
    expect(keywordPage({ ...pageRow(), custom_tags: null }, []).tags).toEqual([]);
  });

  it('Given a tab spec, then a pinned page is in it by a tag (any case) or by its URL', () => {
    const page = { key: 'k', url: 'https://example.com/docs/a', title: 'A', tags: ['Product'] };
    expect(inTab(page, { tags: ['product'] })).toBe(true);
    expect(inTab(page, { tags: ['support'] })).toBe(false);
    expect(inTab(page, { tags: [], urlPattern: '*/docs/*' })).toBe(true);
    expect(inTab(page, { tags: [], urlPattern: '*/blog/*' })).toBe(false);
    expect(inTab(page, undefined)).toBe(false);
  });

  it("Given a query's slots, then the terms to mark are its words, its synonyms and their stems", () => {
    const terms = queryTerms(
      [
        { alternatives: [{ words: ['running'], weight: 1 }] },
        {
          alternatives: [
            { words: ['help', 'desk'], weight: 1 },
            { words: ['support'], weight: 0.8 },
          ],
        },
      ],
      'en',
    );
    expect(new Set(terms)).toEqual(new Set(['running', 'run', 'help', 'desk', 'support']));
  });
});

function pageRow() {
  return {
    url_key: 'k',
    url: 'u',
    title: '',
    headings: [],
    description: '',
    language: '',
    body: '',
    custom_tags: {},
    link_share: 0,
    type: 'html' as const,
  };
}
