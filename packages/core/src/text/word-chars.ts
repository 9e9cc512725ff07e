/**
 * Word character classes of the Basic Multilingual Plane, learnt on first sight: 0 unknown, 1 word,
 * 2 not, 3 a word of its own.
 */
const BMP_CLASS = new Uint8Array(0x10000);
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
/**
 * Chinese and Japanese write words without spaces between them: each of their characters is a word
 * of its own (as Lucene's CJK unigrams), and a query's run of them is matched as a phrase
 * (`parseKeywordQuery`). Korean spaces its words, and keeps them whole.
 */
const OWN_WORD_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]$/u;
const WORD = 1;
const NOT_WORD = 2;
const OWN_WORD = 3;

for (let code = 0; code < 128; code++) {
  BMP_CLASS[code] = WORD_CHAR.test(String.fromCharCode(code)) ? WORD : NOT_WORD;
}

/**
 * Whether the code point is a letter, digit or mark (what makes words): a table look-up, the
 * Unicode expression only the first time a character is seen.
 */
export function isWordCodePoint(code: number): boolean {
  if (code < 0x10000) {
    let known = BMP_CLASS[code] as number;
    if (known === 0) known = classify(code);
    return known !== NOT_WORD;
  }
  return WORD_CHAR.test(String.fromCodePoint(code));
}

/** Whether the code point is a word by itself (see OWN_WORD_CHAR): it ends a word before it and starts none after. */
export function isOwnWordCodePoint(code: number): boolean {
  if (code < 0x10000) {
    let known = BMP_CLASS[code] as number;
    if (known === 0) known = classify(code);
    return known === OWN_WORD;
  }
  return OWN_WORD_CHAR.test(String.fromCodePoint(code));
}

function classify(code: number): number {
  const char = String.fromCharCode(code);
  const known = OWN_WORD_CHAR.test(char) ? OWN_WORD : WORD_CHAR.test(char) ? WORD : NOT_WORD;
  BMP_CLASS[code] = known;
  return known;
}
