import type { IndexData } from './build.ts';
import { ByteReader } from './bytes.ts';
import { FIELD_COUNT } from './fields.ts';

/** Skips the rest of a record from just after its page delta: fields, counts and positions. */
export function skipRecord(reader: ByteReader): void {
  const mask = reader.byte();
  for (let field = 0; field < FIELD_COUNT; field++) if (mask & (1 << field)) reader.varint();
  let positions = reader.varint();
  const bytes = reader.bytes;
  while (positions > 0) if (((bytes[reader.at++] as number) & 0x80) === 0) positions--;
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

/** The fields bit mask of the record at `at`. */
export function recordMask(data: IndexData, at: number): number {
  return data.postings[at] as number;
}

/** The positions of the record at `at`, ascending. */
export function recordPositions(data: IndexData, at: number): number[] {
  const reader = new ByteReader(data.postings, at);
  const mask = reader.byte();
  for (let field = 0; field < FIELD_COUNT; field++) if (mask & (1 << field)) reader.varint();
  const count = reader.varint();
  const positions = new Array<number>(count);
  let position = 0;
  for (let i = 0; i < count; i++) {
    position += reader.varint();
    positions[i] = position;
  }
  return positions;
}
