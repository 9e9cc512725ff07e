/**
 * Regroups bulk-load input into fresh `Uint8Array`s of at least `minBytes`, which the caller owns
 * and may transfer to another thread. Few large messages instead of one per row keep the posting
 * cheap; no single giant string keeps the event loop free (measured:
 * building one 11 MB string on the main thread caused most of its lag).
 */
export async function* copyChunks(
  data: AsyncIterable<Uint8Array | string>,
  minBytes = 256 * 1024,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  let parts: Uint8Array[] = [];
  let size = 0;
  for await (const piece of data) {
    const bytes = typeof piece === 'string' ? encoder.encode(piece) : piece;
    parts.push(bytes);
    size += bytes.byteLength;
    if (size >= minBytes) {
      yield concat(parts, size);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield concat(parts, size);
}

function concat(parts: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  // Always a copy: the caller's buffers must not be detached by the transfer.
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
