import { isOwnWordCodePoint, isWordCodePoint } from './word-chars.ts';

/** A word of a text: its normalised form and where it is. */
export interface Token {
  /** Lower case, accents removed ('Café' → 'cafe'). */
  word: string;
  start: number;
  end: number;
}

/**
 * Letters and digits make words; everything else separates them, so `os.path.join` and
 * `snake_case` are three and two words, and "don't" is 'don' and 't' (as the query is read too).
 * A dot between two digits stays in the word: versions and decimals ('3.11', '2.0.1') are one word.
 * A Chinese or Japanese character is a word of its own (word-chars.ts `isOwnWordCodePoint`).
 */
const OWN = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc]';
const LETTER = `(?:(?!${OWN})[\\p{L}\\p{N}\\p{M}])`;
const WORD = new RegExp(`${OWN}|${LETTER}+(?:(?<=[0-9])\\.(?=[0-9])${LETTER}+)*`, 'gu');
/**
 * The marks normalisation removes: accents ('é' is 'e'), but not the kana voicing marks, which make
 * other letters ('ガ' is not 'カ').
 */
const MARKS = /(?![\u3099\u309a])\p{M}/gu;
/** Longer runs are not words anyone types (hashes, base64): cut to keep the vocabulary small. */
export const MAX_WORD_LENGTH = 40;

/** A word in its normalised form: lower case, without accents and other combining marks. */
export function normaliseWord(word: string): string {
  const lower = word.toLowerCase();
  // ASCII has no marks: skip the normalisation for the common case.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range
  if (/^[\x00-\x7f]*$/.test(lower)) return lower.slice(0, MAX_WORD_LENGTH);
  return lower.normalize('NFD').replace(MARKS, '').normalize('NFC').slice(0, MAX_WORD_LENGTH);
}

/** The words of a text, in order, with their offsets in it. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normaliseWord(match[0]);
    if (word !== '') tokens.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the character at `at` is a dot between two digits (part of a word, see WORD). */
export function isDigitDot(text: string, at: number): boolean {
  return text.charCodeAt(at) === 46 && isDigit(text.charCodeAt(at - 1)) && isDigit(text.charCodeAt(at + 1));
}

/**
 * The normalised words of a text, without offsets (indexing needs no more): the words `tokenize`
 * finds, by a scan of character codes (the Unicode expression with matchAll costs ~3× more), each
 * word normalised in full only when it is not ASCII.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  const length = text.length;
  let start = -1;
  let ascii = true;
  let index = 0;
  while (index <= length) {
    let word = false;
    let width = 1;
    if (index < length) {
      let code = text.charCodeAt(index);
      if (code < 128) word = isWordCodePoint(code) || (start >= 0 && isDigitDot(text, index));
      else {
        if (code >= 0xd800 && code <= 0xdbff && index + 1 < length) {
          const low = text.charCodeAt(index + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            code = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
            width = 2;
          }
        }
        if (isOwnWordCodePoint(code)) {
          // A word of its own: the word before it ends, and it is one.
          if (start >= 0) push(start, index, ascii);
          push(index, index + width, false);
          start = -1;
          index += width;
          continue;
        }
        word = isWordCodePoint(code);
        if (word && start < 0) {
          start = index;
          ascii = false;
        } else if (word) ascii = false;
      }
    }
    if (word) {
      if (start < 0) {
        start = index;
        ascii = true;
      }
    } else if (start >= 0) {
      push(start, index, ascii);
      start = -1;
    }
    index += width;
  }
  return out;

  function push(from: number, to: number, wordAscii: boolean): void {
    const raw = text.slice(from, to);
    const normalised = wordAscii ? raw.slice(0, MAX_WORD_LENGTH).toLowerCase() : normaliseWord(raw);
    if (normalised !== '') out.push(normalised);
  }
}
