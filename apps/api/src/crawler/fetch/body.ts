import { pipeline, type Readable, type Transform, Writable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The page body, decompressed, passed the size cap. */
export class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`the body is larger than ${formatBytes(maxBytes)}`);
    this.name = 'BodyTooLargeError';
  }
}

/** A Content-Encoding the crawler cannot decode. */
export class UnsupportedEncodingError extends Error {
  constructor(encoding: string) {
    super(`unsupported content encoding '${encoding}'`);
    this.name = 'UnsupportedEncodingError';
  }
}

const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  br: createBrotliDecompress,
  deflate: createInflate,
};

/** The decompression streams that undo a Content-Encoding, in the order to apply them. */
function decoderStages(contentEncoding: string | undefined): Transform[] {
  // Codings are listed in the order they were applied, so they are undone last first.
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  return codings.map((coding) => {
    const make = decoders[coding];
    if (!make) throw new UnsupportedEncodingError(coding);
    return make();
  });
}

/**
 * A response body decompressed as it streams, for a reader that caps what it reads itself
 * (robots.txt, sitemaps); stopping the returned stream stops the download.
 */
export function decodedBody(body: Readable, contentEncoding: string | undefined): Readable {
  const stages = decoderStages(contentEncoding);
  if (stages.length === 0) return body;
  // pipeline destroys every stage when one fails or the reader stops the last one early; the
  // error itself reaches the reader through the last stage.
  pipeline([body, ...stages], () => {});
  return stages[stages.length - 1] as Transform;
}

/**
 * Reads a response body through the decoders its Content-Encoding names, counting decompressed
 * bytes as they stream: a compressed bomb is stopped at `maxBytes`, never inflated in memory.
 */
export async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const stages = decoderStages(contentEncoding);
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new BodyTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
      callback();
    },
  });
  await pipelineAsync([body, ...stages, sink], { signal });
  return Buffer.concat(chunks, size);
}

/** HTML as text: the charset from a byte-order mark, Content-Type, or a `<meta>` in the first 1024 bytes. */
export function decodeHtml(bytes: Buffer, contentType: string | null): string {
  const label = bomCharset(bytes) ?? headerCharset(contentType) ?? metaCharset(bytes) ?? 'utf-8';
  return new TextDecoder(isKnownCharset(label) ? label : 'utf-8').decode(bytes);
}

function bomCharset(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function headerCharset(contentType: string | null): string | null {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? null;
}

function isKnownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch (error) {
    // TextDecoder throws RangeError for a label it does not know: fall back to UTF-8.
    if (error instanceof RangeError) return false;
    throw error;
  }
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
