/** A growable byte buffer written with unsigned LEB128 varints (postings are lists of small numbers). */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity = 16) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Makes room for `extra` more bytes: `put` may then write that many without checking. */
  reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.length + extra) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  varint(value: number): void {
    this.reserve(5);
    this.put(value);
  }

  /** A varint into room made by `reserve` (5 bytes at most). */
  put(value: number): void {
    let rest = value >>> 0;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.bytes[this.length++] = rest;
  }
}

/** A reading position in a byte array, moved by the reads. */
export class ByteReader {
  readonly bytes: Uint8Array;
  at: number;

  constructor(bytes: Uint8Array, at = 0) {
    this.bytes = bytes;
    this.at = at;
  }

  varint(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++] as number;
    let value = byte & 0x7f;
    let shift = 7;
    while (byte & 0x80) {
      byte = bytes[this.at++] as number;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    }
    return value >>> 0;
  }

  byte(): number {
    return this.bytes[this.at++] as number;
  }
}
