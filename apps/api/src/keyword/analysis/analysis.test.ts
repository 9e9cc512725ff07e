import {
  applyCharacterMapping,
  mapCharacters,
  mapText,
  originalSpan,
  parseCharacterMapping,
  tokenize,
  words,
} from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { cachedStemmer, stemLanguage } from './stem.ts';
import { randomTexts, TRICKY_PIECES } from './tricky-texts.test-kit.ts';

describe('words', () => {
  it('splits on everything but letters and digits, in lower case without accents', () => {
    expect(words('os.path.join() — Café NAÏVE snake_case 42')).toEqual([
      'os',
      'path',
      'join',
      'cafe',
      'naive',
      'snake',
      'case',
      '42',
    ]);
  });

  it('reads each Chinese or Japanese character as a word of its own, at its place', () => {
    const text = 'iPhone専用の東京タワー、한국어';
    expect(words(text)).toEqual(['iphone', '専', '用', 'の', '東', '京', 'タ', 'ワ', 'ー', '한국어']);
    expect(tokenize(text).map((token) => text.slice(token.start, token.end))).toEqual([
      'iPhone',
      '専',
      '用',
      'の',
      '東',
      '京',
      'タ',
      'ワ',
      'ー',
      '한국어',
    ]);
    // Voiced kana are other letters, not accented ones: ガス (gas) is not カス (dregs).
    expect(words('ガス カス パン café')).toEqual(['ガ', 'ス', 'カ', 'ス', 'パ', 'ン', 'cafe']);
    // Beyond the Basic Multilingual Plane too (CJK Extension B).
    expect(words('a\u{20000}\u{20001}b')).toEqual(['a', '\u{20000}', '\u{20001}', 'b']);
  });

  it('reads ASCII text (its fast path) as the Unicode expression does', () => {
    const text = `Hello, World! a_b-c 3.14 9.z x${'y'.repeat(60)} end.`;
    expect(words(text)).toEqual(tokenize(text).map((token) => token.word));
    expect(words(text)).toContain(`x${'y'.repeat(39)}`);
  });

  it('keeps a dot between two digits in the word: versions and decimals', () => {
    const text = 'Python 3.11.2, v2.0 and 1. and .5 e.g. 3.x';
    expect(words(text)).toEqual(['python', '3.11.2', 'v2.0', 'and', '1', 'and', '5', 'e', 'g', '3', 'x']);
    expect(tokenize(text).map((token) => token.word)).toEqual(words(text));
  });

  it('keeps where each word is in the text', () => {
    expect(tokenize('  Héllo, wörld')).toEqual([
      { word: 'hello', start: 2, end: 7 },
      { word: 'world', start: 9, end: 14 },
    ]);
  });
});

describe('stemming', () => {
  it("stems by the page's language, English when it is unknown", () => {
    expect(stemLanguage('de-AT')).toBe('de');
    expect(stemLanguage('xx')).toBe('en');
    expect(stemLanguage('')).toBe('en');
    expect(cachedStemmer('en')('searching')).toBe('search');
    expect(cachedStemmer('de')('häuser')).not.toBe('häuser');
    expect(cachedStemmer('en')('is')).toBe('is');
    expect(cachedStemmer('en')('v2')).toBe('v2');
  });

  it('stems English by Porter2: a News page is not every page that says new', () => {
    const english = cachedStemmer('en');
    expect(['news', 'https', 'generously', 'exceptions', 'skies'].map(english)).toEqual([
      'news',
      'https',
      'generous',
      'except',
      'sky',
    ]);
    expect(english('new')).not.toBe(english('news'));
  });
});

describe('character mapping with offsets', () => {
  const { mappings } = parseCharacterMapping("’ => ', Ω => ohm, μ => u");

  it('maps as core does and leads every mapped position back to the original text', () => {
    const original = 'A 10 kΩ resistor, 5 μF';
    const mapped = mapCharacters(original, mappings);
    expect(mapped.text).toBe('A 10 kohm resistor, 5 uF');
    const start = mapped.text.indexOf('kohm');
    expect(original.slice(...originalSpan(mapped, start, start + 4))).toBe('kΩ');
    const f = mapped.text.indexOf('uF');
    expect(original.slice(...originalSpan(mapped, f, f + 2))).toBe('μF');
    const resistor = mapped.text.indexOf('resistor');
    expect(original.slice(...originalSpan(mapped, resistor, resistor + 8))).toBe('resistor');
  });

  it('maps text without offsets as core does, on any text', () => {
    const many = parseCharacterMapping(
      "’ => ', Ω => ohm, μ => u, ab => x, a => y, 😀 => smile, . => ",
    ).mappings;
    const alphabet = [...'abΩμ’ .x', '😀', 'ohm'];
    for (const text of randomTexts(alphabet, { count: 300, length: 30, seed: 3 })) {
      expect(mapText(text, many)).toBe(applyCharacterMapping(text, many));
      expect(mapCharacters(text, many).text).toBe(applyCharacterMapping(text, many));
    }
    expect(mapText('no change', [])).toBe('no change');
  });

  it('leaves a text without mapped characters as it is', () => {
    const mapped = mapCharacters('plain text', mappings);
    expect(mapped.text).toBe('plain text');
    expect(originalSpan(mapped, 6, 10)).toEqual([6, 10]);
  });

  it('maps an original to nothing, and the span around it still lands', () => {
    const mapped = mapCharacters('a®b', [{ original: '®', mapped: '' }]);
    expect(mapped.text).toBe('ab');
    expect(originalSpan(mapped, 0, 2)).toEqual([0, 3]);
  });
});

describe('words against tokenize', () => {
  it('given any text, then the same words as tokenize (the scan and the expression agree)', () => {
    for (const text of randomTexts([...TRICKY_PIECES, '3.1'], { count: 1000, maxLength: 60, seed: 7 })) {
      expect(words(text)).toEqual(tokenize(text).map((token) => token.word));
    }
  });
});
