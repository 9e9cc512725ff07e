import { describe, expect, it } from 'vitest';
import { cachedStemmer } from '../analysis/index.ts';
import { termMatcher } from './term-matcher.ts';

const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pt', 'ru', 'sv'];
const ROOTS = [
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
  it('given ASCII words of every language, then a stem starts with its word’s letter and is no longer', () => {
    for (const language of LANGUAGES) {
      const stem = cachedStemmer(language);
      for (const root of ROOTS) {
        for (const suffix of SUFFIXES) {
          const word = root + suffix;
          const stemmed = stem(word);
          expect(stemmed[0], `${language} ${word} → ${stemmed}`).toBe(word[0]);
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
    expect(matcher.mayMatch('R'.charCodeAt(0), 5, true)).toBe(true);
    expect(matcher.mayMatch('x'.charCodeAt(0), 5, true)).toBe(false);
    expect(matcher.mayMatch('r'.charCodeAt(0), 3, true)).toBe(false);
    // Not ASCII: normalisation may shorten it, so its length says nothing.
    expect(matcher.mayMatch('r'.charCodeAt(0), 3, false)).toBe(true);
    expect(matcher.mayMatch('É'.charCodeAt(0), 1, false)).toBe(true);
  });

  it('given no terms, then nothing passes', () => {
    const matcher = termMatcher([], 'en');
    expect(matcher.mayMatch('a'.charCodeAt(0), 10, true)).toBe(false);
    expect(matcher.match('anything')).toBeUndefined();
  });
});
