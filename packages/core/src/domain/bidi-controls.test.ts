import { describe, expect, it } from 'vitest';
import { withoutBidiControls } from './bidi-controls.ts';
import { KeywordSearchQuery, KeywordSuggestionsQuery } from './keyword-search.ts';
import { SearchQuery } from './search.ts';

describe('bidirectional controls', () => {
  it.each([
    ['a right-to-left override reversing a host name', '\u202emoc.elpmaxe', 'moc.elpmaxe'],
    [
      'each embedding, override and the pop (U+202A–U+202E)',
      'a\u202ab\u202bc\u202cd\u202de\u202ef',
      'abcdef',
    ],
    ['each isolate and the pop (U+2066–U+2069)', '\u2066a\u2067b\u2068c\u2069', 'abc'],
  ])('Given %s, when stripped, then only the controls are gone', (_case, text, expected) => {
    expect(withoutBidiControls(text)).toBe(expected);
  });

  it.each([
    ['Hebrew and Arabic letters', 'שלום سلام'],
    ['the marks (LRM, RLM, ALM), which reverse nothing', 'a\u200eb\u200fc\u061cd'],
    ['the characters either side of the ranges', '\u2029\u202f\u2065\u206a'],
    ['an emoji with a zero-width joiner', '👩\u200d💻'],
  ])('Given %s, when stripped, then the text is unchanged', (_case, text) => {
    expect(withoutBidiControls(text)).toBe(text);
  });
});

describe('search queries', () => {
  const spoofed = 'cheap \u202eflights\u202c now';

  it('Given a parametric query with bidirectional controls, when parsed, then they are stripped', () => {
    expect(SearchQuery.parse({ q: spoofed }).q).toBe('cheap flights now');
  });

  it('Given a keyword search with bidirectional controls, when parsed, then they are stripped', () => {
    expect(KeywordSearchQuery.parse({ q: spoofed }).q).toBe('cheap flights now');
  });

  it('Given a keyword suggestion with an isolate, when parsed, then it is stripped', () => {
    expect(KeywordSuggestionsQuery.parse({ q: '\u2067capa\u2069' }).q).toBe('capa');
  });
});
