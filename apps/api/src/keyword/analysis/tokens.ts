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
 */
const WORD = /[\p{L}\p{N}\p{M}]+(?:(?<=[0-9])\.(?=[0-9])[\p{L}\p{N}\p{M}]+)*/gu;
const MARKS = /\p{M}/gu;
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

function isAsciiWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the character at `at` is a dot between two digits (part of a word, see WORD). */
export function isDigitDot(text: string, at: number): boolean {
  return text.charCodeAt(at) === 46 && isDigit(text.charCodeAt(at - 1)) && isDigit(text.charCodeAt(at + 1));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range
const ASCII = /^[\x00-\x7f]*$/;

/** The normalised words of a text, without offsets (indexing needs no more). */
export function words(text: string): string[] {
  const out: string[] = [];
  if (ASCII.test(text)) {
    // Most pages are ASCII: a character scan is ~3× faster than the Unicode expression.
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const word =
        i < text.length && (isAsciiWordChar(text.charCodeAt(i)) || (start >= 0 && isDigitDot(text, i)));
      if (word && start < 0) start = i;
      else if (!word && start >= 0) {
        out.push(text.slice(start, Math.min(i, start + MAX_WORD_LENGTH)).toLowerCase());
        start = -1;
      }
    }
    return out;
  }
  for (const match of text.matchAll(WORD)) {
    const word = normaliseWord(match[0]);
    if (word !== '') out.push(word);
  }
  return out;
}
