import { load } from 'cheerio/slim';
import mammoth from 'mammoth';
import { fromBufferPromise } from 'yauzl';
import { type ArchiveInspection, inspectArchive } from '../../../archive-guard.ts';
import { DocumentRefusal, type DocumentText } from './document-text.ts';
import type { DocumentLimits } from './limits.ts';

/** Bytes of docProps/core.xml read at most: a title is a line, the part a few hundred bytes. */
const CORE_PROPERTIES_MAX = 64 * 1024;

/**
 * A Word document's text (mammoth), its headings (paragraphs styled Heading 1–6), title (the core
 * properties' title) and language; refused, before anything is inflated, when its zip directory
 * fails the upload guard (a zip bomb, too many entries, encrypted), or when it is not a readable
 * DOCX.
 */
export async function readDocx(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let inspection: ArchiveInspection;
  try {
    inspection = await inspectArchive(buffer, limits.archive);
  } catch (error) {
    throw new DocumentRefusal(`The DOCX is not a readable zip archive (${messageOf(error)}).`);
  }
  if (inspection.refusal !== null)
    throw new DocumentRefusal(`The DOCX was refused unread: ${inspection.refusal}.`);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer })).value;
  } catch (error) {
    throw new DocumentRefusal(`The DOCX could not be read (${messageOf(error)}).`);
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
  const core = await coreProperties(buffer);
  return {
    title: core.title || (headings[0] ?? ''),
    headings,
    text,
    language: core.language,
    pages: null,
  };
}

/** The title and language of docProps/core.xml ('' for what it does not name, or when it is absent). */
async function coreProperties(buffer: Buffer): Promise<{ title: string; language: string }> {
  const xml = await entryText(buffer, 'docprops/core.xml');
  return { title: element(xml, 'dc:title'), language: element(xml, 'dc:language') };
}

/** The text of one small entry of the archive ('' when it is absent), at most CORE_PROPERTIES_MAX bytes. */
async function entryText(buffer: Buffer, name: string): Promise<string> {
  const zip = await fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.toLowerCase() !== name) continue;
      if (entry.uncompressedSize > CORE_PROPERTIES_MAX) return '';
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }
    return '';
  } finally {
    zip.close();
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text of the first `<tag>` of a small XML part, its entities decoded. */
function element(xml: string, tag: string): string {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(xml);
  return (match?.[1] ?? '')
    .replace(/&(lt|gt|amp|quot|apos|#x[0-9a-f]+|#[0-9]+);/gi, (_, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? '';
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .trim();
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  throw error;
}
