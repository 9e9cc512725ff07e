export { mapCharacters, mapText, originalSpan } from './char-map.ts';
export { cachedStemmer, type Stemmer, stemLanguage } from './stem.ts';
export { isStopword } from './stopwords.ts';
export { isDigitDot, normaliseWord, type Token, tokenize, words } from './tokens.ts';
export { isOwnWordCodePoint, isWordCodePoint } from './word-chars.ts';
export { WordTerms } from './word-terms.ts';
