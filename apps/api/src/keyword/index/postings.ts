import { ByteReader } from './bytes.ts';
import type { IndexData } from './index-data.ts';
import { hasPage, SKIP } from './pack-postings.ts';
import { PositionLists } from './position-lists.ts';

/** Skips the rest of a record from just after its page delta: fields and positions. */
function skipRecord(reader: ByteReader): void {
  reader.at++;
  const positionBytes = reader.varint();
  reader.at += positionBytes;
}

/**
 * The offset of `page`'s record of `term` (just after its page delta), or -1 when the page does
 * not hold the term: from the nearest skip entry at or before the page, at most SKIP records.
 */
export function seek(data: IndexData, term: number, page: number): number {
  const end = data.termStart[term + 1] as number;
  const reader = new ByteReader(data.postings, data.termStart[term] as number);
  let current = -1;
  const skips = data.skips.get(term);
  if (skips && skips.length > 0 && (skips[0] as number) <= page) {
    let low = 0;
    let high = skips.length / 2 - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((skips[middle * 2] as number) <= page) low = middle;
      else high = middle - 1;
    }
    current = skips[low * 2] as number;
    reader.at = (data.termStart[term] as number) + (skips[low * 2 + 1] as number);
    if (current === page) return reader.at;
    skipRecord(reader);
  }
  while (reader.at < end) {
    current += reader.varint();
    if (current === page) return reader.at;
    if (current > page) return -1;
    skipRecord(reader);
  }
  return -1;
}

/** Whether `page` holds `term`: a bit of the term's bitset, else its record sought. */
export function holdsTerm(data: IndexData, term: number, page: number): boolean {
  const bitset = data.bitsets.get(term);
  if (bitset === undefined) return seek(data, term, page) >= 0;
  return hasPage(data.bits, bitset, page);
}

/** A term's bit (0..63) in a page's heading signature. */
export function headingBit(term: number): number {
  return Math.imul(term, 0x9e3779b1) >>> 26;
}

/** Whether `term`'s bit is set in `page`'s heading signature (if clear, its headings lack it). */
export function mayHeadingHold(data: IndexData, page: number, term: number): boolean {
  const bit = headingBit(term);
  return ((data.headingSignatures[page * 2 + (bit >>> 5)] as number) & (1 << (bit & 31))) !== 0;
}

/** Whether `term` is in the title of `page`: a binary search of the term's title pages (titles.ts). */
export function inTitle(data: IndexData, term: number, page: number): boolean {
  let low = data.titlePostingStarts[term] as number;
  let high = data.titlePostingStarts[term + 1] as number;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = data.titlePostings[middle] as number;
    if (at === page) return true;
    if (at < page) low = middle + 1;
    else high = middle;
  }
  return false;
}

/** The fields bit mask of the record at `at`. */
export function recordMask(data: IndexData, at: number): number {
  return data.postings[at] as number;
}

/** The positions of the record at `at`, ascending, as an array of their own (phrase matching). */
export function recordPositions(data: IndexData, at: number): number[] {
  const lists = new PositionLists();
  readPositions(data, at, lists);
  return Array.from(lists.values.subarray(0, lists.length));
}

/** The positions of the record at `at`, appended to `lists` as a list of their own. */
export function readPositions(data: IndexData, at: number, lists: PositionLists): void {
  const bytes = data.postings;
  let from = at + 1;
  let length = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[from++] as number;
    length |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  const end = from + length;
  let position = 0;
  while (from < end) {
    let delta = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[from++] as number;
      delta |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
    }
    position += delta;
    lists.push(position);
  }
  lists.endList();
}

/**
 * Walks a term's records in page order. `advance` jumps through the skip table when the target
 * page is past the next skip entry, so intersecting a rare term with a common one reads few of the
 * common one's records.
 */
export class PostingCursor {
  readonly #reader: ByteReader;
  readonly #start: number;
  readonly #end: number;
  readonly #skips: Uint32Array | undefined;
  #skip = 0;
  /** The current page (-1 before the first `next`). */
  page = -1;
  /** The current record's offset, just after its page delta (-1: none). */
  record = -1;
  /** The current record's number in the term's list (its score's, see pack-postings.ts). */
  ordinal = -1;

  constructor(data: IndexData, term: number) {
    this.#start = data.termStart[term] as number;
    this.#end = data.termStart[term + 1] as number;
    this.#reader = new ByteReader(data.postings, this.#start);
    this.#skips = data.skips.get(term);
  }

  /** Moves to the next record; false at the end. */
  next(): boolean {
    const reader = this.#reader;
    if (this.record >= 0) {
      reader.at = this.record;
      skipRecord(reader);
    }
    if (reader.at >= this.#end) {
      this.record = -1;
      this.page = Number.MAX_SAFE_INTEGER;
      return false;
    }
    this.page += reader.varint();
    this.record = reader.at;
    this.ordinal++;
    return true;
  }

  /** Moves to the first record of a page at or after `target`; false when there is none. */
  advance(target: number): boolean {
    if (this.page >= target && this.record >= 0) return true;
    const skips = this.#skips;
    if (skips) {
      let jump = -1;
      while (this.#skip * 2 < skips.length && (skips[this.#skip * 2] as number) <= target) {
        if ((skips[this.#skip * 2] as number) > this.page) jump = this.#skip;
        this.#skip++;
      }
      if (jump >= 0) {
        this.page = skips[jump * 2] as number;
        this.record = this.#start + (skips[jump * 2 + 1] as number);
        // Skip entry k is the term's record number (k + 1) · SKIP (see pack-postings.ts).
        this.ordinal = (jump + 1) * SKIP;
        if (this.page >= target) return true;
      }
    }
    while (this.next()) if (this.page >= target) return true;
    return false;
  }
}
