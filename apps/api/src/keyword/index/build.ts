import { cachedStemmer, stemLanguage, WordTerms } from '../analysis/index.ts';
import type { KeywordPage } from '../backend.ts';
import { hubFactor, idf, lengthNorm } from './bm25f.ts';
import { ByteWriter } from './bytes.ts';
import { FIELD_COUNT, FIELD_GAP, fieldTexts, HEADINGS, MAX_BODY_WORDS, TITLE } from './fields.ts';
import type { IndexData } from './index-data.ts';
import { packPostings } from './pack-postings.ts';
import { PageTerms } from './page-terms.ts';
import { headingBit } from './postings.ts';
import { titlePostings } from './titles.ts';
import { frontCode } from './vocabulary.ts';

/** A stemming language of the pages: its words seen (word → term) and the reader of texts. */
interface Language {
  words: Map<string, number>;
  reader: WordTerms;
}

/** Builds an index page by page; `finish` packs it. Pages are numbered in the order they come. */
export class IndexBuilder {
  readonly #keys: string[] = [];
  readonly #urls: string[] = [];
  readonly #titles: string[] = [];
  readonly #tags: string[][] = [];
  readonly #titleLengths: number[] = [];
  readonly #hubFactors: number[] = [];
  /** Two words per page: see `IndexData.headingSignatures`. */
  readonly #headingSignatures: number[] = [];
  readonly #lengths: number[] = [];
  readonly #vocabulary = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #writers: ByteWriter[] = [];
  /** Bytes of the records' field counts, which packing leaves out. */
  #countBytes = 0;
  readonly #lastPage: number[] = [];
  readonly #frequencies: number[] = [];
  /** Per stemming language, each word seen and its term: a word is stemmed once, when first seen. */
  readonly #languages = new Map<string, Language>();
  readonly #pageTerms = new PageTerms();
  /** Each page's distinct title terms, back to back, until `finish` weighs the titles. */
  readonly #titleTerms: number[] = [];
  readonly #titleTermEnds: number[] = [];

  get pageCount(): number {
    return this.#keys.length;
  }

  add(page: KeywordPage): void {
    const number = this.#keys.length;
    const languageTag = stemLanguage(page.language);
    let language = this.#languages.get(languageTag);
    if (!language) {
      language = this.#language(languageTag);
      this.#languages.set(languageTag, language);
    }
    this.#keys.push(page.key);
    // Most pages' URL is their key: one string for both (~4 MB per 50k pages).
    this.#urls.push(page.url === page.key ? page.key : page.url);
    this.#titles.push(page.title);
    this.#tags.push(page.tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag !== ''));
    this.#hubFactors.push(hubFactor(page.linkShare ?? 0));
    const pageTerms = this.#pageTerms;
    const reader = language.reader;
    let position = 0;
    fieldTexts(page).forEach((text, field) => {
      const count = reader.read(text, MAX_BODY_WORDS);
      this.#lengths.push(count);
      if (field === TITLE) this.#titleLengths.push(Math.min(count, 0xffff));
      const terms = reader.terms;
      for (let i = 0; i < count; i++) pageTerms.add(terms[i] as number, field, position++);
      position += FIELD_GAP;
    });
    pageTerms.group();
    const signature = [0, 0];
    for (let i = 0; i < pageTerms.termCount; i++) {
      const term = pageTerms.terms[i] as number;
      this.#write(term, number, pageTerms);
      const mask = pageTerms.mask(term);
      if (mask & (1 << TITLE)) this.#titleTerms.push(term);
      if (mask & (1 << HEADINGS)) {
        const bit = headingBit(term);
        signature[bit >>> 5] = (signature[bit >>> 5] as number) | (1 << (bit & 31));
      }
    }
    this.#headingSignatures.push(...signature);
    pageTerms.clear();
    this.#titleTermEnds.push(this.#titleTerms.length);
  }

  /** A language's stemmer, its words seen (for `surfaces`), and the reader of texts into terms. */
  #language(tag: string): Language {
    const stem = cachedStemmer(tag);
    const known = new Map<string, number>();
    const reader = new WordTerms((word) => {
      let term = known.get(word);
      if (term === undefined) {
        term = this.#termOf(stem(word));
        known.set(word, term);
      }
      return term;
    });
    return { words: known, reader };
  }

  #termOf(stemmed: string): number {
    let term = this.#vocabulary.get(stemmed);
    if (term === undefined) {
      term = this.#terms.length;
      this.#vocabulary.set(stemmed, term);
      this.#terms.push(stemmed);
      this.#writers.push(new ByteWriter(8));
      this.#lastPage.push(-1);
      this.#frequencies.push(0);
    }
    return term;
  }

  #write(term: number, page: number, pageTerms: PageTerms): void {
    const writer = this.#writers[term] as ByteWriter;
    const [start, end] = pageTerms.range(term);
    // Page delta, mask, field counts, positions' size and the positions: 5 bytes each at most.
    writer.reserve(5 * (FIELD_COUNT + 3 + end - start));
    writer.put(page - (this.#lastPage[term] as number));
    const mask = pageTerms.mask(term);
    writer.put(mask);
    for (let field = 0; field < FIELD_COUNT; field++) {
      if (!(mask & (1 << field))) continue;
      const count = pageTerms.fieldCount(term, field);
      writer.put(count);
      this.#countBytes += varintLength(count);
    }
    const positions = pageTerms.positions;
    let bytes = 0;
    let previous = 0;
    for (let i = start; i < end; i++) {
      bytes += varintLength((positions[i] as number) - previous);
      previous = positions[i] as number;
    }
    writer.put(bytes);
    previous = 0;
    for (let i = start; i < end; i++) {
      const position = positions[i] as number;
      writer.put(position - previous);
      previous = position;
    }
    this.#lastPage[term] = page;
    this.#frequencies[term] = (this.#frequencies[term] as number) + 1;
  }

  /** Packs the index in one go (see `finishing`). */
  finish(): IndexData {
    const steps = this.finishing();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * Packs the index, pausing (a `yield`) between slices of a few milliseconds of work: a server
   * lets its other work run at each, since packing 100k pages takes a second or two.
   */
  *finishing(): Generator<void, IndexData, void> {
    const pageCount = this.#keys.length;
    const termCount = this.#terms.length;
    const frequencies = Uint32Array.from(this.#frequencies);
    const titleFrequencies = new Uint32Array(termCount);
    for (const term of this.#titleTerms) titleFrequencies[term] = (titleFrequencies[term] as number) + 1;
    const titleWeights = new Float32Array(pageCount);
    let from = 0;
    for (let page = 0; page < pageCount; page++) {
      const to = this.#titleTermEnds[page] as number;
      let weight = 0;
      for (let i = from; i < to; i++)
        weight += idf(pageCount, titleFrequencies[this.#titleTerms[i] as number] as number);
      titleWeights[page] = weight;
      from = to;
    }
    const fieldAverages = this.#averages(pageCount);
    yield;
    let written = 0;
    for (const writer of this.#writers) written += writer.length;
    const packed = yield* packPostings(
      { pageCount, frequencies, titleFrequencies, titleWeights, norms: this.#norms(fieldAverages) },
      this.#writers,
      written - this.#countBytes,
    );
    this.#writers.length = 0;
    yield;
    const titles = titlePostings(this.#titleTerms, this.#titleTermEnds, termCount);
    this.#titleTerms.length = 0;
    yield;
    const surfaceMap = new Map<string, number>();
    for (const { words } of this.#languages.values())
      for (const [word, term] of words) if (!surfaceMap.has(word)) surfaceMap.set(word, term);
    yield;
    const surfaces = [...surfaceMap.keys()].sort();
    const surfaceTerms = Uint32Array.from(surfaces, (word) => surfaceMap.get(word) as number);
    return {
      pageCount,
      keys: this.#keys,
      urls: this.#urls,
      titles: this.#titles,
      tags: this.#tags,
      titleLengths: Uint16Array.from(this.#titleLengths),
      hubFactors: Float32Array.from(this.#hubFactors),
      headingEnds: this.#headingEnds(pageCount),
      fieldLengths: Uint16Array.from(this.#lengths),
      fieldAverages,
      headingSignatures: Uint32Array.from(this.#headingSignatures),
      terms: this.#terms,
      vocabulary: this.#vocabulary,
      frequencies,
      titleFrequencies,
      titleWeights,
      titlePostingStarts: titles.starts,
      titlePostings: titles.pages,
      surfaces,
      surfaceTerms,
      surfaceCode: frontCode(surfaces),
      languages: [...this.#languages.keys()],
      ...packed,
    };
  }

  #headingEnds(pageCount: number): Uint32Array {
    const ends = new Uint32Array(pageCount);
    for (let page = 0; page < pageCount; page++) {
      const at = page * FIELD_COUNT;
      ends[page] =
        (this.#lengths[at + TITLE] as number) + FIELD_GAP + (this.#lengths[at + HEADINGS] as number);
    }
    return ends;
  }

  /** Per field, its average length over the pages (at least 1), as BM25F normalises by it. */
  #averages(pageCount: number): Float64Array {
    const averages = new Float64Array(FIELD_COUNT);
    for (let i = 0; i < this.#lengths.length; i++) {
      const field = i % FIELD_COUNT;
      averages[field] = (averages[field] as number) + (this.#lengths[i] as number);
    }
    for (let field = 0; field < FIELD_COUNT; field++)
      averages[field] = Math.max(1, (averages[field] as number) / Math.max(1, pageCount));
    return averages;
  }

  #norms(averages: Float64Array): Float32Array {
    const norms = new Float32Array(this.#lengths.length);
    for (let i = 0; i < norms.length; i++) {
      const field = i % FIELD_COUNT;
      norms[i] = lengthNorm(field, this.#lengths[i] as number, averages[field] as number);
    }
    return norms;
  }
}

function varintLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/** Bytes an index takes, roughly: typed arrays exactly, strings and maps by a usual V8 cost. */
export function indexBytes(data: IndexData): number {
  const strings = (list: readonly string[]) => list.reduce((sum, s) => sum + 16 + s.length, 0);
  let skipBytes = 0;
  for (const skips of data.skips.values()) skipBytes += skips.byteLength + 64;
  return (
    data.postings.byteLength +
    data.termStart.byteLength +
    data.frequencies.byteLength +
    data.pages.byteLength +
    data.pageStart.byteLength +
    data.scores.byteLength +
    data.scoreStart.byteLength +
    data.scoreScale.byteLength +
    data.championPages.byteLength +
    data.championSteps.byteLength +
    data.signatureTerms.byteLength +
    data.signatureScores.byteLength +
    data.bits.byteLength +
    data.bitRanks.byteLength +
    // A map entry: about 16 bytes in V8's hash table.
    16 * (data.champions.size + data.bitsets.size) +
    data.titleLengths.byteLength +
    data.hubFactors.byteLength +
    data.headingEnds.byteLength +
    data.fieldLengths.byteLength +
    data.headingSignatures.byteLength +
    data.titleWeights.byteLength +
    data.titleFrequencies.byteLength +
    data.titlePostingStarts.byteLength +
    data.titlePostings.byteLength +
    data.surfaceTerms.byteLength +
    data.surfaceCode.common.byteLength +
    data.surfaceCode.starts.byteLength +
    data.surfaceCode.chars.byteLength +
    skipBytes +
    strings(data.terms) +
    data.terms.length * 40 + // the vocabulary map's entries
    strings(data.surfaces) +
    strings(data.keys) +
    strings(data.urls.filter((url, page) => url !== data.keys[page])) +
    strings(data.titles) +
    data.tags.reduce((sum, tags) => sum + 32 + strings(tags), 0)
  );
}
