import type { PackedPostings } from './pack-postings.ts';
import type { FrontCoded } from './vocabulary.ts';

/**
 * The index of one generation, in typed arrays. A term is a stem; its postings are one byte run
 * (`postings`, from `termStart[t]` to `termStart[t + 1]`) of records, by ascending page number:
 *   varint  page number minus the previous record's (the first: plus one)
 *   byte    the fields the term is in (bit f for FIELDS[f])
 *   varint  the bytes of the positions that follow (a reader after the next page jumps over
 *           them), then each position minus the previous one
 * Positions run through the page's fields in order, FIELD_GAP apart, so phrases stay in a field.
 * While indexing, each record also holds the term's count in each of those fields (after the mask);
 * `packPostings` (pack-postings.ts) works the scores out of them and leaves them out. The scoring
 * pass reads the scores, the phrase and proximity checks these records.
 */
export interface IndexData extends PackedPostings {
  pageCount: number;
  keys: string[];
  urls: string[];
  titles: string[];
  /** Custom tags of each page, lower case. */
  tags: string[][];
  /** Words in each page's title. */
  titleLengths: Uint16Array;
  /** Per page, what re-ranking multiplies its score by for being mostly links (bm25f.ts `hubFactor`). */
  hubFactors: Float32Array;
  /**
   * Where each page's headings end among its positions (they start FIELD_GAP after its title's
   * words): a query's words together there are a section about it.
   */
  headingEnds: Uint32Array;
  /**
   * Per page and field, its words indexed (at most MAX_BODY_WORDS, at page · FIELD_COUNT + field),
   * and per field their average over the pages: what BM25F normalised each field's count by, kept
   * so that a score can be explained (explain.ts); searches read the packed scores.
   */
  fieldLengths: Uint16Array;
  fieldAverages: Float64Array;
  /**
   * Per page, two words of 64 bits: bit `headingBit(term)` set for each term of its headings (a
   * term whose bit is clear is not in them), so re-ranking knows which pages a heading may lift.
   */
  headingSignatures: Uint32Array;
  /** Pages per term in their title. */
  titleFrequencies: Uint32Array;
  /**
   * The sum of the title idf (by titleFrequencies) of each page's distinct title terms: how much
   * its title says. Words every title has (the site's name) weigh nothing.
   */
  titleWeights: Float32Array;
  /** The pages of each term in their title (see titles.ts): CSR starts by term, and the pages. */
  titlePostingStarts: Uint32Array;
  titlePostings: Uint32Array;
  terms: string[];
  vocabulary: Map<string, number>;
  /** Pages per term. */
  frequencies: Uint32Array;
  /** Every indexed word as written (normalised, unstemmed), sorted, and its term. */
  surfaces: string[];
  surfaceTerms: Uint32Array;
  /** The surfaces front-coded, as the typo walk reads them (vocabulary.ts `frontCode`). */
  surfaceCode: FrontCoded;
  /** The stemming languages of the pages. */
  languages: string[];
}
