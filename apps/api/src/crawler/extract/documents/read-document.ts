import { type DocumentType, withoutBidiControls } from '@siteseer/core';
import { contentHash, type ExtractedPage } from '../extract-page.ts';
import { EXTRACT_LIMITS } from '../limits.ts';
import { firstLanguage } from '../page-meta.ts';
import { headerLines, type ResponseHeaders } from '../response-headers.ts';
import { applyRobotsHeader, type RobotsDirectives } from '../robots-directives.ts';
import { normalizeSpace, truncateText } from '../text.ts';
import { DocumentRefusal, type DocumentText } from './document-text.ts';
import { DOCUMENT_LIMITS, type DocumentLimits } from './limits.ts';

/** A fetched document to read. */
export interface DocumentTask {
  bytes: Uint8Array;
  type: DocumentType;
  /** The response's headers (X-Robots-Tag, Content-Language). */
  headers?: ResponseHeaders;
  limits?: DocumentLimits;
}

/** A document read as a page (its `pages` when the format has pages), or why it was refused. */
export type DocumentOutcome =
  | { kind: 'read'; page: ExtractedPage; pages: number | null }
  | { kind: 'refused'; reason: string };

type Reader = (bytes: Uint8Array, limits: DocumentLimits) => Promise<DocumentText>;

/**
 * The reader of each document type, loaded when a document of its type first comes: the pool's
 * threads extract HTML pages mostly, and PDF.js, mammoth and SheetJS would otherwise be loaded
 * (tens of megabytes) by every thread of every crawl.
 */
const READERS: Record<DocumentType, () => Promise<Reader>> = {
  pdf: async () => (await import('./read-pdf.ts')).readPdf,
  docx: async () => (await import('./read-docx.ts')).readDocx,
  pptx: async () => (await import('./read-office.ts')).readPptx,
  xlsx: async () => (await import('./read-office.ts')).readXlsx,
  odt: async () => (await import('./read-office.ts')).readOdt,
};

/** Characters of a first line kept as a title: a first line can be a whole paragraph. */
const FIRST_LINE_TITLE_CHARS = 150;

/**
 * Reads a document as the crawler keeps a page: its text (capped as a page's), title (its
 * metadata's, else its first line), headings, language and robots directives (X-Robots-Tag, the
 * only ones a document has); links in a document are not followed. A document that cannot or may
 * not be read comes back refused with the reason, never thrown: the reason crosses the thread.
 */
export async function readDocument(task: DocumentTask): Promise<DocumentOutcome> {
  const limits = task.limits ?? DOCUMENT_LIMITS;
  let read: DocumentText;
  try {
    const reader = await READERS[task.type]();
    read = await reader(task.bytes, limits);
  } catch (error) {
    if (error instanceof DocumentRefusal) return { kind: 'refused', reason: error.message };
    throw error;
  }
  const { text, truncated } = truncateText(normalizeSpace(read.text), EXTRACT_LIMITS.textChars);
  const headings = read.headings
    .slice(0, EXTRACT_LIMITS.headings)
    .map((heading) => cap(heading, EXTRACT_LIMITS.headingChars));
  const title = withoutBidiControls(
    cap(read.title, EXTRACT_LIMITS.titleChars) || cap(firstLine(read.text), FIRST_LINE_TITLE_CHARS),
  );
  const robots: RobotsDirectives = { noindex: false, nofollow: false };
  applyRobotsHeader(robots, headerLines(task.headers, 'x-robots-tag'));
  const page: ExtractedPage = {
    title,
    headings,
    description: '',
    language: firstLanguage([read.language, headerLines(task.headers, 'content-language')[0] ?? '']),
    text,
    textTruncated: truncated,
    customTags: [],
    links: [],
    linksTruncated: false,
    canonical: null,
    robots,
    linkShare: 0,
    contentHash: contentHash({ title, description: '', headings, text, customTags: [] }),
  };
  return { kind: 'read', page, pages: read.pages };
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

function cap(text: string, max: number): string {
  return truncateText(normalizeSpace(text), max).text;
}
