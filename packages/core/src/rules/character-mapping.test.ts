import { describe, expect, it } from 'vitest';
import { DEFAULT_CHARACTER_MAPPING } from '../constants.ts';
import { applyCharacterMapping, formatCharacterMapping, parseCharacterMapping } from './character-mapping.ts';
import { characterMappingDuplicateMessage, characterMappingMalformedMessage } from './messages.ts';

describe('parsing the character mapping', () => {
  it('Given the default mapping, when parsed, then it gives the three pairs of the spec', () => {
    expect(DEFAULT_CHARACTER_MAPPING).toBe("’ => ', Ω => ohm, μ => u");
    expect(parseCharacterMapping(DEFAULT_CHARACTER_MAPPING)).toEqual({
      mappings: [
        { original: '’', mapped: "'" },
        { original: 'Ω', mapped: 'ohm' },
        { original: 'μ', mapped: 'u' },
      ],
      errors: [],
    });
  });

  it.each([
    ['an empty text', '', []],
    ['whitespace only', '   ', []],
    ['a trailing comma', 'a => b,', [{ original: 'a', mapped: 'b' }]],
    [
      'no spaces',
      'a=>b,c=>d',
      [
        { original: 'a', mapped: 'b' },
        { original: 'c', mapped: 'd' },
      ],
    ],
    ['an empty mapped side', 'x => ', [{ original: 'x', mapped: '' }]],
    ['a multi-character original', 'ß => ss', [{ original: 'ß', mapped: 'ss' }]],
  ])('Given %s, when parsed, then the pairs are %j and nothing is malformed', (_case, text, mappings) => {
    expect(parseCharacterMapping(text)).toEqual({ mappings, errors: [] });
  });

  it.each([
    ['no arrow', 'a - b', 'a - b'],
    ['two arrows', 'a => b => c', 'a => b => c'],
    ['an empty original', ' => b', '=> b'],
  ])('Given a pair with %s, when parsed, then it is reported as malformed', (_case, text, pair) => {
    expect(parseCharacterMapping(`x => y, ${text}`)).toEqual({
      mappings: [{ original: 'x', mapped: 'y' }],
      errors: [characterMappingMalformedMessage(pair)],
    });
  });

  it('Given an original mapped twice, when parsed, then the first wins and the repeat is reported', () => {
    expect(parseCharacterMapping('a => b, a => c')).toEqual({
      mappings: [{ original: 'a', mapped: 'b' }],
      errors: [characterMappingDuplicateMessage('a')],
    });
  });

  it('Given the messages, when shown, then they name the pair', () => {
    expect(characterMappingMalformedMessage('a - b')).toBe(
      "'a - b' is not of the form 'original => mapped'.",
    );
    expect(characterMappingDuplicateMessage('a')).toBe("'a' is mapped more than once.");
  });
});

describe('formatting the character mapping', () => {
  it('Given the default pairs, when formatted, then the text is the default', () => {
    expect(formatCharacterMapping(parseCharacterMapping(DEFAULT_CHARACTER_MAPPING).mappings)).toBe(
      DEFAULT_CHARACTER_MAPPING,
    );
  });

  it('Given no pairs, when formatted, then the text is empty', () => {
    expect(formatCharacterMapping([])).toBe('');
  });
});

describe('applying the character mapping', () => {
  const defaults = parseCharacterMapping(DEFAULT_CHARACTER_MAPPING).mappings;

  it.each([
    ['It’s a 10 Ω resistor, 5 μF', "It's a 10 ohm resistor, 5 uF"],
    ['no special characters', 'no special characters'],
    ['ΩΩ', 'ohmohm'],
    ['ω is not Ω', 'ω is not ohm'],
    ['😀’😀', "😀'😀"],
    ['', ''],
  ])('Given %j, when the default mapping is applied, then it reads %j', (text, expected) => {
    expect(applyCharacterMapping(text, defaults)).toBe(expected);
  });

  it('Given chained pairs, when applied, then mapped output is not mapped again', () => {
    expect(
      applyCharacterMapping('ab', [
        { original: 'a', mapped: 'b' },
        { original: 'b', mapped: 'c' },
      ]),
    ).toBe('bc');
  });

  it('Given an original that is a prefix of another, when applied, then the longer one wins', () => {
    const mappings = [
      { original: 'a', mapped: '1' },
      { original: 'ab', mapped: '2' },
    ];
    expect(applyCharacterMapping('abaa', mappings)).toBe('211');
  });

  it('Given an empty mapped side, when applied, then the original is removed', () => {
    expect(applyCharacterMapping('a™b', [{ original: '™', mapped: '' }])).toBe('ab');
  });
});
