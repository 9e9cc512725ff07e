import type { Entry } from 'yauzl';
import { fromBufferPromise } from 'yauzl';

// The zip-bomb guard shared by what reads zip archives from outside: uploaded workbooks
// (parametric/parse/zip-guard.ts) and crawled Office documents (crawler/extract/documents).

/** What the central directory of an accepted archive declares. */
export interface ArchiveSummary {
  entries: number;
  compressedBytes: number;
  uncompressedBytes: number;
}

/** How far an archive may go before it is refused unread. */
export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  /** Below this many uncompressed bytes the compression ratio is not checked (tiny XML parts). */
  compressionRatioMinBytes: number;
}

/** An archive's directory: why it is refused, or its entries' names (as written) and summary. */
export type ArchiveInspection =
  | { refusal: string }
  | { refusal: null; names: string[]; summary: ArchiveSummary };

const MB = 1024 * 1024;

function ratioTooHigh(uncompressed: number, compressed: number, limits: ArchiveLimits): boolean {
  return (
    uncompressed > limits.compressionRatioMinBytes &&
    uncompressed / Math.max(compressed, 1) > limits.maxCompressionRatio
  );
}

/**
 * Reads a zip's central directory, without inflating anything, and says what could exhaust memory
 * when it is read: too many entries, too many bytes once uncompressed, a compression ratio no
 * document has (a zip bomb), or an encrypted entry; the refusal is a clause ("it has 3000 entries
 * (at most 2000)") for the caller's sentence. Sizes are as declared: a reader must still bound
 * what it inflates. Throws yauzl's error when the bytes are not a zip archive.
 */
export async function inspectArchive(bytes: Uint8Array, limits: ArchiveLimits): Promise<ArchiveInspection> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true });
  try {
    // The end-of-directory record declares the count: refuse before walking a huge directory.
    if (zip.entryCount > limits.maxEntries) {
      return { refusal: `it has ${zip.entryCount} entries (at most ${limits.maxEntries})` };
    }
    const entries: Entry[] = [];
    for await (const entry of zip.eachEntry()) entries.push(entry);
    if (entries.length > limits.maxEntries) {
      return { refusal: `it has ${entries.length} entries (at most ${limits.maxEntries})` };
    }
    let compressedBytes = 0;
    let uncompressedBytes = 0;
    for (const entry of entries) {
      if (entry.isEncrypted()) return { refusal: `its entry '${entry.fileName}' is encrypted` };
      if (ratioTooHigh(entry.uncompressedSize, entry.compressedSize, limits)) {
        const ratio = Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1));
        return {
          refusal: `its entry '${entry.fileName}' is compressed ${ratio}:1 (at most ${limits.maxCompressionRatio}:1)`,
        };
      }
      compressedBytes += entry.compressedSize;
      uncompressedBytes += entry.uncompressedSize;
    }
    if (uncompressedBytes > limits.maxUncompressedBytes) {
      return {
        refusal: `it expands to ${Math.round(uncompressedBytes / MB)} MB (at most ${Math.round(limits.maxUncompressedBytes / MB)} MB)`,
      };
    }
    if (ratioTooHigh(uncompressedBytes, compressedBytes, limits)) {
      const ratio = Math.round(uncompressedBytes / Math.max(compressedBytes, 1));
      return { refusal: `it is compressed ${ratio}:1 overall (at most ${limits.maxCompressionRatio}:1)` };
    }
    return {
      refusal: null,
      names: entries.map((entry) => entry.fileName),
      summary: { entries: entries.length, compressedBytes, uncompressedBytes },
    };
  } finally {
    zip.close();
  }
}
