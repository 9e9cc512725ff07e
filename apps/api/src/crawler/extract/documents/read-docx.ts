import { load } from 'cheerio/slim';
import mammoth from 'mammoth';
import { DocumentRefusal, type DocumentText } from './document-text.ts';
import type { DocumentLimits } from './limits.ts';
import { coreProperties, guardArchive, zipParts } from './zip-parts.ts';

/** Bytes of docProps/core.xml read at most: a title is a line, the part a few hundred bytes. */
const CORE_PROPERTIES_MAX = 64 * 1024;

/**
 * A Word document's text (mammoth), its headings (paragraphs styled Heading 1–6), title (the core
 * properties' title, else its first heading) and language; refused, before anything is inflated,
 * when its zip directory fails the upload guard (a zip bomb, too many entries, encrypted), or when
 * it is not a readable DOCX.
 */
export async function readDocx(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await guardArchive(buffer, 'DOCX', limits);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer })).value;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new DocumentRefusal(`The DOCX could not be read (${error.message}).`);
  }
  const $ = load(html);
  const headings = $('h1, h2, h3, h4, h5, h6')
    .toArray()
    .map((node) => $(node).text().trim())
    .filter((text) => text !== '');
  // Paragraphs, headings and list items, a line each: the first line can be the title.
  const text = $('h1, h2, h3, h4, h5, h6, p, li, td, th')
    .toArray()
    .map((node) => $(node).text())
    .join('\n');
  const parts = await zipParts(buffer, (name) => name === 'docprops/core.xml', CORE_PROPERTIES_MAX);
  const core = coreProperties(parts.get('docprops/core.xml') ?? '');
  return { title: core.title || (headings[0] ?? ''), headings, text, language: core.language, pages: null };
}
