// Tokenizing and character mapping live in core, so the portal reads text as search does.
export {
  isDigitDot,
  isOwnWordCodePoint,
  isWordCodePoint,
  mapCharacters,
  mapText,
  normaliseWord,
  originalSpan,
  type Token,
  tokenize,
  words,
} from '@siteseer/core';
export { cachedStemmer, type Stemmer, stemLanguage } from './stem.ts';
export { isStopword } from './stopwords.ts';
export { WordTerms } from './word-terms.ts';
