export { type MappedText, mapCharacters, mapText, originalSpan } from './char-map.ts';
export { cachedStemmer, DEFAULT_LANGUAGE, type Stemmer, stemLanguage } from './stem.ts';
export { isStopword } from './stopwords.ts';
export { isDigitDot, MAX_WORD_LENGTH, normaliseWord, type Token, tokenize, words } from './tokens.ts';
export { isOwnWordCodePoint, isWordCodePoint } from './word-chars.ts';
export { type ResolveWord, WordTerms } from './word-terms.ts';
