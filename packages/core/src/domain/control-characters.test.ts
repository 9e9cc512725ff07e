import { describe, expect, it } from 'vitest';
import { hasControlCharacter, withoutControlCharacters } from './control-characters.ts';
import { KeywordSearchQuery, KeywordSuggestionsQuery } from './keyword-search.ts';
import { SearchQuery } from './search.ts';

describe('control characters', () => {
  it.each([
    ['NUL', '\u0000', true],
    ['the last C0 (U+001F)', '\u001f', true],
    ['DEL', '\u007f', true],
    ['the first C1 (U+0080)', '\u0080', true],
    ['the last C1 (U+009F)', '\u009f', true],
    ['a space', ' ', false],
    ['a no-break space (U+00A0)', '\u00a0', false],
    ['a zero-width joiner in an emoji', '👩\u200d💻', false],
    ['a letter', 'a', false],
  ])('Given %s, when checked, then it is a control character: %s', (_case, text, expected) => {
    expect(hasControlCharacter(text)).toBe(expected);
  });

  it.each([
    ['a NUL inside a word', 'py\u0000thon', 'python'],
    ['a tab between words', 'install\tpython', 'install python'],
    ['line breaks between words', 'a\r\nb', 'a  b'],
    ['an escape sequence', '\u001b[31mred', '[31mred'],
    ['C1 controls', 'a\u0080b\u0085c', 'ab c'],
    ['accents and emoji', 'Café 😀', 'Café 😀'],
  ])('Given %s, when stripped, then %j', (_case, text, expected) => {
    expect(withoutControlCharacters(text)).toBe(expected);
  });
});

describe('search queries', () => {
  it('Given a parametric query with control characters, when parsed, then they are stripped', () => {
    expect(SearchQuery.parse({ q: 'red\u0000 so\u0007fa\tbed' }).q).toBe('red sofa bed');
  });

  it('Given a keyword search with control characters, when parsed, then they are stripped', () => {
    expect(KeywordSearchQuery.parse({ q: 'py\u0000thon\ninstall' }).q).toBe('python install');
  });

  it('Given a keyword suggestion with control characters, when parsed, then they are stripped', () => {
    expect(KeywordSuggestionsQuery.parse({ q: '\u001bcapa' }).q).toBe('capa');
  });

  it('Given no query, when parsed, then it is empty', () => {
    expect([SearchQuery.parse({}).q, KeywordSearchQuery.parse({}).q]).toEqual(['', '']);
  });
});
