import { describe, expect, it } from 'vitest';
import { cachedStemmer } from '../analysis/index.ts';
import { termMatcher } from './term-matcher.ts';

const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pt', 'ru', 'sv'];
const ROOTS = [
  'tt',
  'ill',
  'yell',
  'eat',
  'ugl',
  'hop',
  'luxuri',
  'run',
  'nation',
  'stat',
  'fuss',
  'happ',
  'gener',
  'haus',
  'bibliotek',
  'cant',
  'parl',
];
const SUFFIXES = [
  '',
  's',
  'es',
  'ies',
  'ied',
  'ing',
  'ingly',
  'ed',
  'edly',
  'ational',
  'izing',
  'ization',
  'fulness',
  'ousli',
  'ly',
  'ement',
  'ements',
  'ition',
  'issement',
  'eaux',
  'amment',
  'ungen',
  'lich',
  'keit',
  'heit',
  'isch',
  'erin',
  'ando',
  'iendo',
  'aciones',
  'mente',
  'ezza',
  'zione',
  'heden',
  'ingen',
  'ene',
  'ernes',
  'ssa',
  'ssä',
  'lla',
  'ovat',
  'elser',
  'ade',
  'ande',
  'ya',
  'yy',
  'y',
];

describe('the stemmers keep what term matching relies on', () => {
  it('given ASCII words of every language, then a stem starts with its word’s letter (two but in Finnish) and is no longer', () => {
    for (const language of LANGUAGES) {
      const stem = cachedStemmer(language);
      for (const root of ROOTS) {
        for (const suffix of SUFFIXES) {
          const word = root + suffix;
          const stemmed = stem(word);
          expect(stemmed[0], `${language} ${word} → ${stemmed}`).toBe(word[0]);
          if (language !== 'fi' && stemmed.length >= 2)
            expect(stemmed.slice(0, 2), `${language} ${word} → ${stemmed}`).toBe(word.slice(0, 2));
          if (/^[a-z]+$/.test(word))
            expect(stemmed.length, `${language} ${word} → ${stemmed}`).toBeLessThanOrEqual(word.length);
        }
      }
    }
  });
});

describe('termMatcher', () => {
  const stem = cachedStemmer('en');

  it('given a word whose stem is a term, then the stem', () => {
    expect(termMatcher([stem('running')], 'en').match('Runs')).toBe(stem('running'));
  });

  it('given a word whose normalised form is a term, then that form', () => {
    expect(termMatcher(['cafe'], 'fr').match('CAFÉ')).toBe('cafe');
  });

  it('given a word that is no term, then undefined', () => {
    expect(termMatcher(['rose'], 'en').match('tulip')).toBeUndefined();
  });

  it('given first letters and lengths, then only words that could match pass the quick check', () => {
    const matcher = termMatcher(['rose', 'tool'], 'en');
    const may = (word: string, ascii = true) =>
      matcher.mayMatch(word.charCodeAt(0), word.charCodeAt(1), word.length, ascii);
    expect(may('Roses')).toBe(true);
    expect(may('xylem')).toBe(false);
    expect(may('ros')).toBe(false);
    // The second letter starts no term: 'ra…' cannot stem to 'rose'.
    expect(may('RAISE')).toBe(false);
    // Not ASCII: normalisation may shorten it or change its letters, so only the first is read.
    expect(may('raça', false)).toBe(true);
    expect(may('É', false)).toBe(true);
  });

  it('given a term of one letter or a language that changes second letters, then the first decides', () => {
    const withLetter = termMatcher(['x', 'rose'], 'en');
    expect(withLetter.mayMatch(120, Number.NaN, 1, true)).toBe(true);
    expect(withLetter.mayMatch(120, 121, 2, true)).toBe(true);
    expect(withLetter.mayMatch(114, 97, 2, true)).toBe(false);
    // Finnish: 'tty' stems to 'ty'.
    expect(termMatcher([cachedStemmer('fi')('tty')], 'fi').mayMatch(116, 116, 3, true)).toBe(true);
    expect(termMatcher([cachedStemmer('fi')('tty')], 'fi').match('tty')).toBe('ty');
  });

  it('given no terms, then nothing passes', () => {
    const matcher = termMatcher([], 'en');
    expect(matcher.mayMatch('a'.charCodeAt(0), 'b'.charCodeAt(0), 10, true)).toBe(false);
    expect(matcher.match('anything')).toBeUndefined();
  });
});
