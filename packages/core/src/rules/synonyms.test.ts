import { describe, expect, it } from 'vitest';
import { formatSynonyms, isEquivalence, normaliseSynonymPhrase, parseSynonyms } from './synonyms.ts';

describe('parseSynonyms: Solr lines', () => {
  it('given a comma line, then one equivalence group in both directions', () => {
    expect(parseSynonyms('TV, Television, telly')).toEqual({
      rules: [{ from: ['tv', 'television', 'telly'], to: ['tv', 'television', 'telly'] }],
      errors: [],
    });
  });

  it('given an arrow line, then a one-way rule', () => {
    expect(parseSynonyms('i-pod, i pod => ipod').rules).toEqual([{ from: ['i-pod', 'i pod'], to: ['ipod'] }]);
  });

  it('given comments, blank lines and CRLF line ends, then they are skipped', () => {
    const text = '# a comment\r\n\r\n   \r\nfoo, bar\r\n  # indented comment\r\nbaz => qux\r\n';
    expect(parseSynonyms(text)).toEqual({
      rules: [
        { from: ['foo', 'bar'], to: ['foo', 'bar'] },
        { from: ['baz'], to: ['qux'] },
      ],
      errors: [],
    });
  });

  it("given '#' inside a phrase, then it is part of the phrase", () => {
    expect(parseSynonyms('c#, csharp').rules[0]?.from).toEqual(['c#', 'csharp']);
  });

  it('given phrases with outer and inner spaces and capitals, then they are trimmed, collapsed and lowercased', () => {
    expect(parseSynonyms('  New \t  York  City ,NYC  ').rules).toEqual([
      { from: ['new york city', 'nyc'], to: ['new york city', 'nyc'] },
    ]);
  });

  it('given a phrase repeated in a line, then it counts once', () => {
    expect(parseSynonyms('car, Car, auto, CAR').rules[0]?.from).toEqual(['car', 'auto']);
  });

  it('given escaped commas and arrows, then they are part of the phrase', () => {
    expect(parseSynonyms('a\\, b, c \\=> d, e').rules).toEqual([
      { from: ['a, b', 'c => d', 'e'], to: ['a, b', 'c => d', 'e'] },
    ]);
  });

  it('given a byte order mark, then the first phrase does not carry it', () => {
    expect(parseSynonyms('\uFEFFfoo, bar').rules[0]?.from).toEqual(['foo', 'bar']);
  });

  it('given an empty text or only comments, then no rules and no errors', () => {
    expect(parseSynonyms('')).toEqual({ rules: [], errors: [] });
    expect(parseSynonyms('# nothing\n\n')).toEqual({ rules: [], errors: [] });
  });
});

describe('parseSynonyms: CSV rows', () => {
  it('given quoted cells with commas and doubled quotes, then each cell is one phrase', () => {
    expect(parseSynonyms('"laptop, 15 inch","15"" laptop",notebook\n').rules).toEqual([
      {
        from: ['laptop, 15 inch', '15" laptop', 'notebook'],
        to: ['laptop, 15 inch', '15" laptop', 'notebook'],
      },
    ]);
  });

  it('given rows padded with empty cells, then the empty cells are ignored', () => {
    expect(parseSynonyms('a,b,,\nc,d,e,\n').rules.map((rule) => rule.from)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('given a semicolon-separated file with no commas, then semicolons separate the cells', () => {
    expect(parseSynonyms('sofa;couch\n"settee";divan\n').rules.map((rule) => rule.from)).toEqual([
      ['sofa', 'couch'],
      ['settee', 'divan'],
    ]);
  });

  it('given a tab-separated file, then tabs separate the cells', () => {
    expect(parseSynonyms('sofa\tcouch\n').rules[0]?.from).toEqual(['sofa', 'couch']);
  });

  it('given a comma file with a semicolon in a phrase, then the semicolon stays in the phrase', () => {
    expect(parseSynonyms('a;b, c').rules[0]?.from).toEqual(['a;b', 'c']);
  });

  it('given a quote inside an unquoted cell, then it is a literal character', () => {
    expect(parseSynonyms('5" screen, five inch screen').rules[0]?.from).toEqual([
      '5" screen',
      'five inch screen',
    ]);
  });
});

describe('parseSynonyms: errors name the line', () => {
  it('given a line with one phrase, then an error for that line and the other rules kept', () => {
    const parsed = parseSynonyms('a, b\n\nlonely\nc => d');
    expect(parsed.rules).toHaveLength(2);
    expect(parsed.errors).toEqual([
      "Line 3: 'lonely' has no synonym: list two or more phrases separated by commas, or write 'phrase => synonym'.",
    ]);
  });

  it('given an arrow with an empty side, then an error naming the line', () => {
    expect(parseSynonyms('=> b').errors).toEqual(["Line 1: '=>' needs phrases on both sides."]);
    expect(parseSynonyms('x, y\na, =>').errors).toEqual(["Line 2: '=>' needs phrases on both sides."]);
  });

  it('given two arrows, then an error naming the line', () => {
    expect(parseSynonyms('a => b => c').errors).toEqual(["Line 1: use '=>' once in a rule."]);
  });

  it('given an unclosed quote, then an error naming the line', () => {
    expect(parseSynonyms('"abc, def').errors).toEqual(['Line 1: a quote is not closed.']);
  });

  it('given text after a closing quote, then an error naming the line', () => {
    expect(parseSynonyms('"abc" def, ghi').errors).toEqual([
      'Line 1: unexpected text after a closing quote.',
    ]);
  });

  it('given a line of only separators, then an error saying it has no phrase', () => {
    expect(parseSynonyms('a, b\n , ,').errors[0]).toMatch(/^Line 2: this line has no phrase/);
  });

  it('given a binary-looking file with many bad lines, then the first 20 are listed and the rest counted', () => {
    const parsed = parseSynonyms(Array.from({ length: 50 }, (_, i) => `word${i}`).join('\n'));
    expect(parsed.errors).toHaveLength(21);
    expect(parsed.errors[0]).toMatch(/^Line 1: 'word0'/);
    expect(parsed.errors[19]).toMatch(/^Line 20: /);
    expect(parsed.errors[20]).toBe('…and 30 more lines with errors.');
  });

  it('given a very long lonely phrase, then the message quotes it clipped', () => {
    const [error] = parseSynonyms('x'.repeat(500)).errors;
    expect(error?.length).toBeLessThan(200);
    expect(error).toContain('…');
  });
});

describe('formatSynonyms', () => {
  it('given rules, then one Solr line per rule, equivalences without an arrow', () => {
    expect(
      formatSynonyms([
        { from: ['tv', 'television'], to: ['tv', 'television'] },
        { from: ['i pod'], to: ['ipod'] },
      ]),
    ).toBe('tv, television\ni pod => ipod');
  });

  it('given phrases with syntax characters, then they are escaped and read back unchanged', () => {
    const rules = [
      {
        from: ['a, b', '#1 choice', '"quoted"', 'x => y', 'back\\slash'],
        to: ['a, b', '#1 choice', '"quoted"', 'x => y', 'back\\slash'],
      },
      { from: ['c#'], to: ['c sharp', 'a;b'] },
    ];
    const text = formatSynonyms(rules);
    expect(parseSynonyms(text)).toEqual({ rules, errors: [] });
  });

  it('given a parsed CSV file, then formatting and parsing again gives the same rules', () => {
    const parsed = parseSynonyms('"Big, Apple";NYC\n"sofa";couch;settee\n');
    const again = parseSynonyms(formatSynonyms(parsed.rules));
    expect(again).toEqual({ rules: parsed.rules, errors: [] });
    expect(formatSynonyms(parsed.rules)).toBe('big\\, apple, nyc\nsofa, couch, settee');
  });
});

describe('isEquivalence and normaliseSynonymPhrase', () => {
  it('given the same phrases in another order, then it is an equivalence', () => {
    expect(isEquivalence({ from: ['a', 'b'], to: ['b', 'a'] })).toBe(true);
    expect(isEquivalence({ from: ['a', 'b'], to: ['a'] })).toBe(false);
    expect(isEquivalence({ from: ['a', 'b'], to: ['a', 'c'] })).toBe(false);
  });

  it('given composed and decomposed accents, then the same phrase', () => {
    expect(normaliseSynonymPhrase('Cafe\u0301 ')).toBe(normaliseSynonymPhrase('Café'));
  });
});
