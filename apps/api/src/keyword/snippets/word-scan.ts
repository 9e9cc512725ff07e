import type { CharacterMapping } from '@siteseer/core';
import { isDigitDot, isOwnWordCodePoint, isWordCodePoint } from '../analysis/index.ts';

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

/** Scratch arrays up to this many words are kept for the next scan (about 18 bytes a word). */
const KEPT_CAPACITY = 1 << 17;
let scratch = {
  words: { count: 0, starts: new Int32Array(0), ends: new Int32Array(0), ascii: new Uint8Array(0) },
  bounds: new Int32Array(0),
  notAscii: new Uint8Array(0),
};

/**
 * The offsets of the words of a text, as `tokenize` finds them. The arrays are scratch, reused by
 * the next call: read them before scanning another text (a snippet is built synchronously).
 * Allocating them per page made a megabyte of garbage per search.
 *
 * Most of a snippet's time is this loop, so it has no branch per word: every character writes its
 * offset at the next boundary's place, which moves on only where word and separator alternate
 * (the boundaries are then a word's start, its end, the next one's start...). A branch that
 * changes direction every few characters cost more than all the rest of the loop. Only a dot and
 * characters past ASCII take a slower path.
 */
export function scanWords(text: string): WordOffsets {
  // A word takes at least one character and a separator, or is one character of its own (Chinese,
  // Japanese): at most the text's length.
  return scan(text, scratchFor(text.length + 1));
}

/** The scratch arrays, grown to hold `capacity` words (kept for the next page unless huge). */
function scratchFor(capacity: number): typeof scratch {
  if (scratch.words.starts.length >= capacity) return scratch;
  const grown = {
    words: {
      count: 0,
      starts: new Int32Array(capacity),
      ends: new Int32Array(capacity),
      ascii: new Uint8Array(capacity),
    },
    bounds: new Int32Array(capacity * 2),
    notAscii: new Uint8Array(capacity),
  };
  if (capacity <= KEPT_CAPACITY) scratch = grown;
  return grown;
}

function scan(text: string, into: typeof scratch): WordOffsets {
  const { bounds, notAscii } = into;
  const { starts, ends, ascii } = into.words;
  const length = text.length;
  let bound = 0;
  let inWord = 0;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code < 128 && code !== 46) {
      const word = ASCII_WORD[code] as number;
      bounds[bound] = index;
      bound += word ^ inWord;
      inWord = word;
      index++;
      continue;
    }
    let word: number;
    let width = 1;
    if (code === 46) word = inWord === 1 && isDigitDot(text, index) ? 1 : 0;
    else {
      // A surrogate pair is one code point; a lone surrogate stays itself.
      const point = text.codePointAt(index) as number;
      if (point > 0xffff) width = 2;
      if (isOwnWordCodePoint(point)) {
        // A word of its own: the word before it ends here, and it starts and ends.
        if (inWord === 1) bounds[bound++] = index;
        notAscii[bound >> 1] = 1;
        bounds[bound++] = index;
        bounds[bound++] = index + width;
        inWord = 0;
        index += width;
        continue;
      }
      word = isWordCodePoint(point) ? 1 : 0;
    }
    bounds[bound] = index;
    bound += word ^ inWord;
    inWord = word;
    // Within a word the boundaries so far are odd: the last one is its start.
    if (word === 1 && code >= 128) notAscii[(bound - 1) >> 1] = 1;
    index += width;
  }
  if (inWord === 1) bounds[bound++] = length;
  const count = bound >> 1;
  for (let i = 0; i < count; i++) {
    starts[i] = bounds[i * 2] as number;
    ends[i] = bounds[i * 2 + 1] as number;
    ascii[i] = 1 - (notAscii[i] as number);
    notAscii[i] = 0;
  }
  into.words.count = count;
  return into.words;
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
