import type { IndexData } from './index-data.ts';

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
type TypedArrayOf = new (buffer: ArrayBufferLike, offset: number, length: number) => TypedArray;

/** Each typed array (of the data, of its maps and nested objects), in the order they are met. */
function typedArraysOf(value: unknown, found: TypedArray[]): void {
  if (ArrayBuffer.isView(value)) found.push(value as TypedArray);
  else if (value instanceof Map) for (const item of value.values()) typedArraysOf(item, found);
  else if (value !== null && typeof value === 'object' && !Array.isArray(value))
    for (const item of Object.values(value)) typedArraysOf(item, found);
}

/** `value` with each typed array replaced by its copy from `copies` (in `typedArraysOf`'s order). */
function withCopies(value: unknown, copies: Iterator<TypedArray>): unknown {
  if (ArrayBuffer.isView(value)) return copies.next().value;
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, withCopies(item, copies)]));
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withCopies(item, copies)]));
  return value;
}

/**
 * A copy of `data` whose typed arrays (nearly all of its bytes: postings, scores, bitsets, skips)
 * live in one SharedArrayBuffer: posted to the search threads, each reads the same memory. Its
 * strings, string arrays and maps are copied to each thread that is sent it. `sharedBytes`: the
 * buffer's size.
 */
export function sharedIndexData(data: IndexData): { data: IndexData; sharedBytes: number } {
  const arrays: TypedArray[] = [];
  typedArraysOf(data, arrays);
  // Each array starts on an 8-byte boundary, as a Float64Array's view must.
  const offsets = arrays.map(() => 0);
  let size = 0;
  arrays.forEach((array, n) => {
    offsets[n] = size;
    size += Math.ceil(array.byteLength / 8) * 8;
  });
  const buffer = new SharedArrayBuffer(size);
  const copies = arrays.map((array, n) => {
    const copy = new (array.constructor as TypedArrayOf)(buffer, offsets[n] as number, array.length);
    copy.set(array);
    return copy;
  });
  return { data: withCopies(data, copies.values()) as IndexData, sharedBytes: size };
}
