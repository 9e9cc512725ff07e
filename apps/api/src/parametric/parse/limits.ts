/**
 * Limits of the parser. Uploads are at most 10 MB (core's `LIMITS.uploadMaxBytes`); these bound what
 * such a file may expand to in memory, so one upload cannot starve the API process. No imports: the
 * parse worker loads this file and should start fast.
 */
export const PARSE_LIMITS = {
  maxColumns: 200,
  /** Cells held in memory: data rows x columns (~60k rows x 16 columns fit). */
  maxCells: 1_000_000,
  /**
   * The XLSX archive guard: entries, total uncompressed bytes, compression ratio. Excel writes a few
   * entries per sheet (the sheet, its relationships, printer settings, drawings): a 36 KB workbook
   * of 46 small sheets has 55, and was refused at 50. Bombs are bounded by bytes and ratios; the
   * count only bounds the directory walk and the per-entry checks (2,000 take well under a second).
   */
  maxArchiveEntries: 2000,
  maxArchiveUncompressedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
  /**
   * The ratio is judged only for entries (and totals) above this size: a few kilobytes of repetitive
   * XML (an empty styles part) can legitimately compress better than 100:1 and inflate to nothing.
   */
  compressionRatioMinBytes: 1024 * 1024,
  /**
   * The parse worker (CSV and XLSX parsing, inference, typed rows): V8 old-generation heap and
   * wall-clock time before it is terminated.
   */
  workerHeapMb: 1024,
  workerTimeoutMs: 30_000,
  /** Parse workers running at once, whatever their job; more wait for a slot (each may use ~1 GB). */
  workerConcurrency: 2,
  /**
   * Cells per message between the API thread and a parse worker. Cloning a message blocks the
   * thread that reads or writes it (~30 ms for a million cells); a chunk of this size takes a few
   * ms, so requests are served between chunks.
   */
  workerChunkCells: 50_000,
  /** Distinct values up to which a text column gets a list filter by default. */
  maxFilterValues: 50,
} as const;
