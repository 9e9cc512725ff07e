/** Word character classes of the Basic Multilingual Plane, learnt on first sight: 0 unknown, 1 word, 2 not. */
const BMP_CLASS = new Uint8Array(0x10000);
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const WORD = 1;
const NOT_WORD = 2;

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
    if (known === 0) {
      known = WORD_CHAR.test(String.fromCharCode(code)) ? WORD : NOT_WORD;
      BMP_CLASS[code] = known;
    }
    return known === WORD;
  }
  return WORD_CHAR.test(String.fromCodePoint(code));
}
