import type { CharacterMapping } from '@siteseer/core';
import { mapCharacters, originalSpan } from '../analysis/index.ts';
import { endsSentence } from './snippet-table-format.ts';
import { type PageWords, readSnippetTable } from './snippet-table-reader.ts';
import { termMatcher } from './term-matcher.ts';
import { scanWords, wordAffectingMappings } from './word-scan.ts';

export interface SnippetOptions {
  /** The indexed forms (stems) the page matched, and normalised words: what gets marked. */
  terms: Iterable<string>;
  /** The engine's character mapping: terms are found in the mapped text, marks land on the original. */
  mappings: readonly CharacterMapping[];
  /** The page's language (picks the stemmer). */
  language: string;
  /** Characters of the snippet's text at most (the install page's description size). */
  size: number;
  /** The text's table as `SnippetTableWriter` stored it: the page is then not scanned. */
  table?: Uint8Array;
}

const ELLIPSIS = '…';
/** Where a window may start before a hit, as a share of the size: a little context before the word. */
const LEAD_IN_SHARE = 0.25;
/** Window starts: 2 a sentence's first word, 1 a word a lead-in before a hit. */
const SENTENCE = 2;
const NEAR_HIT = 1;

/**
 * The best passage of a page's text for a query, as HTML: escaped, with each word whose stem or
 * normalised form is in `terms` inside `<mark>`. Windows of `size` characters start at sentence
 * starts and just before hits; the one holding the most distinct terms wins, then the most hits,
 * then a sentence start, then the one with the least text before its first hit, then the earliest.
 * It is cut on word boundaries, with '…' where the page goes on. With no term in the page it is the
 * page's start; '' for an empty page. Linear in the page's length.
 */
export function buildSnippet(body: string, options: SnippetOptions): string {
  if (body === '' || options.size <= 0) return '';
  const page =
    (options.table && readSnippetTable(options.table, body, options.terms, options.language)) ||
    scanPage(body, options);
  const start = page.hitCount === 0 ? 0 : bestWindow(page, body.length, options.size);
  return render(body, page, extendBack(body, page, start, options.size), options.size);
}

/** The text a page's snippet is taken from: its body, else its description. */
export function snippetSource(text: { body: string; description: string }): string {
  return text.body || text.description;
}

/** Scratch lists of a page's hits, reused by the next page (a snippet is built synchronously). */
let hitScratch = { words: new Int32Array(256), ids: new Int32Array(256) };

/**
 * The page's words and hits found by reading all of it (no stored table): its words in the mapped
 * text, each matched, then their offsets taken back to the original text.
 */
function scanPage(body: string, options: SnippetOptions): PageWords {
  const mapped = mapCharacters(body, wordAffectingMappings(options.mappings));
  const text = mapped.text;
  const words = scanWords(text);
  const { count, starts, ends } = words;
  const matcher = termMatcher(options.terms, options.language);
  let { words: hitWords, ids: hitIds } = hitScratch;
  // Terms get ids in order of appearance, to count the distinct ones in a window.
  const ids = new Map<string, number>();
  let hitCount = 0;
  for (let i = 0; i < count; i++) {
    const start = starts[i] as number;
    const end = ends[i] as number;
    if (
      !matcher.mayMatch(text.charCodeAt(start), text.charCodeAt(start + 1), end - start, words.ascii[i] === 1)
    )
      continue;
    const term = matcher.match(text.slice(start, end));
    if (term === undefined) continue;
    let id = ids.get(term);
    if (id === undefined) {
      id = ids.size;
      ids.set(term, id);
    }
    if (hitCount === hitWords.length) {
      hitScratch = { words: new Int32Array(hitCount * 2), ids: new Int32Array(hitCount * 2) };
      hitScratch.words.set(hitWords);
      hitScratch.ids.set(hitIds);
      ({ words: hitWords, ids: hitIds } = hitScratch);
    }
    hitWords[hitCount] = i;
    hitIds[hitCount] = id;
    hitCount++;
  }
  const sentences = new Int32Array(count);
  let sentenceCount = 0;
  let last = 0;
  for (let i = 0; i < count; i++) {
    if (mapped.origin !== null) {
      const span = originalSpan(mapped, starts[i] as number, ends[i] as number);
      starts[i] = span[0];
      ends[i] = span[1];
    }
    if (i === 0 || endsSentence(body, last, starts[i] as number)) sentences[sentenceCount++] = i;
    last = ends[i] as number;
  }
  return { count, starts, ends, sentences, sentenceCount, hitWords, hitIds, hitCount, termCount: ids.size };
}

/**
 * The word that starts the best window (see `buildSnippet`), in one pass over the window starts
 * with two pointers into the hits: the first at or after the window's start, and the first past
 * its end. `length`: the text's.
 */
function bestWindow(page: PageWords, length: number, size: number): number {
  const { starts, ends, hitWords, hitIds, hitCount } = page;
  const { words: candidates, kinds, count } = windowStarts(page, size);
  const counts = new Int32Array(page.termCount);
  let distinct = 0;
  let inWindow = 0;
  let lo = 0;
  let hi = 0;
  let best = 0;
  let bestScore = -1;
  for (let n = 0; n < count; n++) {
    const c = candidates[n] as number;
    for (; lo < hitCount && (hitWords[lo] as number) < c; lo++) {
      if (lo < hi) {
        const id = hitIds[lo] as number;
        inWindow--;
        const left = (counts[id] as number) - 1;
        counts[id] = left;
        if (left === 0) distinct--;
      }
    }
    if (hi < lo) hi = lo;
    const windowStart = starts[c] as number;
    // What `render` shows from there: the size less a leading '…', and a trailing one unless the
    // text ends within it.
    const room = windowStart > 0 ? size - 1 : size;
    const reach = windowStart + (length - windowStart <= room ? room : room - 1);
    for (; hi < hitCount && (ends[hitWords[hi] as number] as number) <= reach; hi++) {
      const id = hitIds[hi] as number;
      inWindow++;
      const held = (counts[id] as number) + 1;
      counts[id] = held;
      if (held === 1) distinct++;
    }
    const lead = lo < hi ? (starts[hitWords[lo] as number] as number) - windowStart : size;
    const score =
      distinct * 1_000_000 +
      Math.min(inWindow, 50) * 1_000 +
      (kinds[n] === SENTENCE ? 200 : 0) +
      Math.floor(99 * (1 - lead / size)) +
      (1 - windowStart / length);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** Scratch window starts, reused by the next page. */
let startScratch = { words: new Int32Array(512), kinds: new Uint8Array(512) };

/**
 * The words that may start a window, in order: sentence starts (SENTENCE) and the first word a
 * lead-in before a hit (NEAR_HIT, unless it starts a sentence): the two ordered lists merged.
 */
function windowStarts(
  page: PageWords,
  size: number,
): { words: Int32Array; kinds: Uint8Array; count: number } {
  const { starts, hitWords, hitCount, sentences, sentenceCount } = page;
  if (startScratch.words.length < sentenceCount + hitCount) {
    const room = (sentenceCount + hitCount) * 2;
    startScratch = { words: new Int32Array(room), kinds: new Uint8Array(room) };
  }
  const { words, kinds } = startScratch;
  const leadIn = Math.floor(size * LEAD_IN_SHARE);
  let count = 0;
  let s = 0;
  let before = 0;
  const add = (word: number, kind: number) => {
    if (count > 0 && words[count - 1] === word) return;
    words[count] = word;
    kinds[count++] = kind;
  };
  for (let h = 0; h < hitCount; h++) {
    const start = starts[hitWords[h] as number] as number;
    while ((starts[before] as number) < start - leadIn) before++;
    for (; s < sentenceCount && (sentences[s] as number) <= before; s++)
      add(sentences[s] as number, SENTENCE);
    add(before, NEAR_HIT);
  }
  for (; s < sentenceCount; s++) add(sentences[s] as number, SENTENCE);
  return { words, kinds, count };
}

/**
 * A window near the end of the page starts earlier so that the snippet is as long as allowed: at
 * the first word from which the rest of the page fits (one character kept for the leading '…').
 */
function extendBack(body: string, page: PageWords, start: number, size: number): number {
  let first = start;
  while (first > 0 && body.length - (page.starts[first - 1] as number) <= size - 1) first--;
  return first;
}

/** The snippet from word `first`, cut to `size` characters on a word boundary, escaped and marked. */
function render(body: string, page: PageWords, first: number, size: number): string {
  const { starts, ends } = page;
  // The page's start keeps what comes before its first word (an opening quote or bracket).
  const from = first === 0 ? 0 : (starts[first] as number);
  const lead = from > 0 ? ELLIPSIS : '';
  let room = size - lead.length;
  let to = body.length;
  let trail = '';
  if (body.length - from > room) {
    trail = ELLIPSIS;
    room -= trail.length;
    to = from;
    for (let i = first; i < page.count; i++) {
      const end = ends[i] as number;
      if (end - from > room) break;
      to = end;
    }
    // A sentence's closing punctuation belongs to it when it fits.
    if (to > from && /[.!?]/.test(body.charAt(to)) && to + 1 - from <= room) to++;
    // A first word longer than the room is cut inside, never inside a surrogate pair.
    if (to === from)
      to = /[\uD800-\uDBFF]/.test(body.charAt(from + room - 1)) ? from + room - 1 : from + room;
  }
  let out = lead;
  let cursor = from;
  for (let h = 0; h < page.hitCount; h++) {
    const i = page.hitWords[h] as number;
    if (i < first) continue;
    const markStart = starts[i] as number;
    const markEnd = ends[i] as number;
    if (markEnd > to) break;
    if (markStart < cursor || markStart === markEnd) continue;
    out += `${plain(body, cursor, markStart)}<mark>${plain(body, markStart, markEnd)}</mark>`;
    cursor = markEnd;
  }
  return `${out}${plain(body, cursor, to)}${trail}`;
}

/** `escapeHtml`'s entities by character code, up to '>' ('' for a character kept as it is). */
const ENTITIES = Array.from({ length: 63 }, () => '');
ENTITIES[34] = '&quot;';
ENTITIES[38] = '&amp;';
ENTITIES[39] = '&#39;';
ENTITIES[60] = '&lt;';
ENTITIES[62] = '&gt;';

/**
 * The text from `start` to `end`, as `escapeHtml` escapes it and with each run of whitespace (as
 * `\s` means it) one space, as HTML shows it anyway: in one pass, the runs of plain text copied
 * whole (a snippet's text is mostly those; a word's has no whitespace).
 */
function plain(text: string, start: number, end: number): string {
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const entity = c < ENTITIES.length ? (ENTITIES[c] as string) : '';
    if (entity !== '') {
      out += text.slice(from, i) + entity;
      from = i + 1;
    } else if (isWhitespace(c)) {
      let past = i + 1;
      while (past < end && isWhitespace(text.charCodeAt(past))) past++;
      if (c === 32 && past === i + 1) continue;
      out += `${text.slice(from, i)} `;
      from = past;
      i = past - 1;
    }
  }
  return out + text.slice(from, end);
}

/** Whether the UTF-16 unit is whitespace as a RegExp's `\s` is (line terminators included). */
function isWhitespace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
