// The stemmer's types, for every program that compiles this file (the web e2e tests' too).
/// <reference path="./wink-porter2-stemmer.d.ts" />
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import english from 'wink-porter2-stemmer';

export type Stemmer = (word: string) => string;

/**
 * Snowball stemmers by primary language subtag: @orama/stemmers, but for English, whose stemmer
 * there is the first Porter algorithm ('news' → 'new', 'https' → 'http', 'exception' → 'excep'
 * beside 'except' → 'except'): English is Snowball's Porter2 (wink-porter2-stemmer).
 */
const STEMMERS: Readonly<Record<string, Stemmer>> = {
  da: danish,
  de: german,
  en: english,
  es: spanish,
  fi: finnish,
  fr: french,
  it: italian,
  nb: norwegian,
  nl: dutch,
  nn: norwegian,
  no: norwegian,
  pt: portuguese,
  ru: russian,
  sv: swedish,
};

/** What a page of no (or an unknown) language is stemmed as: most sites are in English. */
const DEFAULT_LANGUAGE = 'en';

/** The stemming language of a page's language tag ('de-AT' → 'de'); the default when none is known. */
export function stemLanguage(language: string): string {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return primary in STEMMERS ? primary : DEFAULT_LANGUAGE;
}

/** Words shorter than this are kept as they are: stemming 'as' or 'is' only merges unrelated words. */
const MIN_STEM_LENGTH = 3;

const MAX_REMEMBERED = 200_000;
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * A stemmer with a memory of the words it has stemmed: a Snowball stem costs ~1.5 µs, a look-up
 * ~50 ns, and a site's pages repeat a few hundred thousand distinct words millions of times.
 */
export function cachedStemmer(language: string): Stemmer {
  const stem = STEMMERS[stemLanguage(language)] ?? english;
  const known = new Map<string, string>();
  return (word) => {
    // Only words of letters are remembered: a word seen before needs no test of its letters.
    let stemmed = known.get(word);
    if (stemmed !== undefined) return stemmed;
    if (word.length < MIN_STEM_LENGTH || !LETTERS_ONLY.test(word)) return word;
    stemmed = stem(word);
    // A long-lived stemmer (a query's, an index's) sees unbounded words: start over past a bound.
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(word, stemmed);
    return stemmed;
  };
}
