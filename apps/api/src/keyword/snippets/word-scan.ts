import type { CharacterMapping } from '@siteseer/core';
import { isDigitDot, isWordCodePoint } from '../analysis/index.ts';

/*
 * Word boundaries for snippets, found faster than analysis' `tokenize`. A snippet must read a whole
 * page (the best passage can be anywhere) in about 0.2 ms per 20 KB, and `tokenize` makes a Token
 * and a normalised string for every word (about 0.6 ms per 20 KB): here a page's words are only
 * offsets, and the caller normalises the few words that may match. The boundaries are the same as
 * `tokenize`'s (letters, digits and marks make words, and a dot between two digits; a test holds
 * both to it).
 */

/** The words of a text as offsets: word `i` is `text.slice(starts[i], ends[i])`. */
export interface WordOffsets {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  /** 1 where the word is all ASCII. */
  ascii: Uint8Array;
}

/** 1 for the ASCII characters that make words (letters and digits). */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, code) => (isWordCodePoint(code) ? 1 : 0));

/** Scratch arrays up to this many words are kept for the next scan (about 9 bytes a word). */
const KEPT_CAPACITY = 1 << 17;
let scratch: WordOffsets = {
  count: 0,
  starts: new Int32Array(0),
  ends: new Int32Array(0),
  ascii: new Uint8Array(0),
};

/**
 * The offsets of the words of a text, as `tokenize` finds them. The arrays are scratch, reused by
 * the next call: read them before scanning another text (a snippet is built synchronously).
 * Allocating them per page made a megabyte of garbage per search.
 */
export function scanWords(text: string): WordOffsets {
  // A word takes at least one character and a separator: at most half the text's length plus one.
  const capacity = (text.length >> 1) + 1;
  let { starts, ends, ascii } = scratch;
  if (starts.length < capacity) {
    starts = new Int32Array(capacity);
    ends = new Int32Array(capacity);
    ascii = new Uint8Array(capacity);
    if (capacity <= KEPT_CAPACITY) scratch = { count: 0, starts, ends, ascii };
  }
  let count = 0;
  let start = -1;
  let allAscii = true;
  let index = 0;
  const length = text.length;
  while (index < length) {
    let code = text.charCodeAt(index);
    let width = 1;
    let word: boolean;
    if (code < 128) word = ASCII_WORD[code] === 1 || (code === 46 && start >= 0 && isDigitDot(text, index));
    else {
      // A surrogate pair is one code point; a lone surrogate stays itself.
      code = text.codePointAt(index) as number;
      if (code > 0xffff) width = 2;
      word = isWordCodePoint(code);
    }
    if (word) {
      if (start < 0) {
        start = index;
        allAscii = true;
      }
      if (code >= 128) allAscii = false;
    } else if (start >= 0) {
      starts[count] = start;
      ends[count] = index;
      ascii[count] = allAscii ? 1 : 0;
      count++;
      start = -1;
    }
    index += width;
  }
  if (start >= 0) {
    starts[count] = start;
    ends[count] = text.length;
    ascii[count] = allAscii ? 1 : 0;
    count++;
  }
  return { count, starts, ends, ascii };
}

/**
 * The mappings that can change a page's words. One made only of separators on both sides (the
 * default ’ => ') leaves every word as it is, so it is left out and most pages skip the mapping;
 * unless another mapping's original shares a character with it (the one pass could then match
 * otherwise), in which case all are kept.
 */
export function wordAffectingMappings(mappings: readonly CharacterMapping[]): readonly CharacterMapping[] {
  let kept = affecting.get(mappings);
  if (!kept) {
    kept = withoutNeutral(mappings);
    affecting.set(mappings, kept);
  }
  return kept;
}

const affecting = new WeakMap<readonly CharacterMapping[], readonly CharacterMapping[]>();

function withoutNeutral(mappings: readonly CharacterMapping[]): readonly CharacterMapping[] {
  const separatorsOnly = (text: string) =>
    text !== '' && ![...text].some((char) => isWordCodePoint(char.codePointAt(0) ?? 0));
  const neutral = (m: CharacterMapping) => separatorsOnly(m.original) && separatorsOnly(m.mapped);
  const kept = mappings.filter((m) => !neutral(m));
  if (kept.length === mappings.length) return mappings;
  const dropped = new Set(mappings.filter(neutral).flatMap((m) => [...m.original]));
  return kept.some((m) => [...m.original].some((char) => dropped.has(char))) ? mappings : kept;
}
