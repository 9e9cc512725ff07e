import type { ArchiveLimits } from '../../../archive-guard.ts';

/**
 * What one crawled document may cost. The fetcher's body limit comes first (5 MB by default); a
 * document within it may still have thousands of pages or parse for long (PDF.js on a hostile
 * file), so pages and parse time are bounded here, and Office files (zip archives) pass the same
 * zip-bomb guard as uploaded workbooks before anything is inflated.
 */
export const DOCUMENT_LIMITS = {
  /** Pages of a PDF read at most: a longer one is refused, not cut (its report says why). */
  maxPages: 500,
  /** How long reading one document may take on its extraction thread before it is refused. */
  parseTimeMs: 20_000,
  archive: {
    maxEntries: 2000,
    maxUncompressedBytes: 100 * 1024 * 1024,
    maxCompressionRatio: 100,
    compressionRatioMinBytes: 1024 * 1024,
  } satisfies ArchiveLimits,
} as const;

/** The limits a document is read under (tests lower them). */
export interface DocumentLimits {
  maxPages: number;
  parseTimeMs: number;
  archive: ArchiveLimits;
}
