import { fromBufferPromise } from 'yauzl';
import { type ArchiveInspection, inspectArchive } from '../../../archive-guard.ts';
import { DocumentRefusal } from './document-text.ts';
import type { DocumentLimits } from './limits.ts';

/**
 * Refuses an Office file (a zip archive) before anything is inflated unless its directory passes
 * the uploads' guard (archive-guard.ts); `label` names it in the reason ("DOCX").
 */
export async function guardArchive(buffer: Buffer, label: string, limits: DocumentLimits): Promise<void> {
  let inspection: ArchiveInspection;
  try {
    inspection = await inspectArchive(buffer, limits.archive);
  } catch (error) {
    throw new DocumentRefusal(`The ${label} is not a readable zip archive (${messageOf(error)}).`);
  }
  if (inspection.refusal !== null)
    throw new DocumentRefusal(`The ${label} was refused unread: ${inspection.refusal}.`);
}

/**
 * The UTF-8 text of the archive's entries whose lower-cased names `wanted` accepts, by lower-cased
 * name. The guard has bounded what they declare; a part that inflates past `maxBytes` anyway (its
 * directory lied) is cut there.
 */
export async function zipParts(
  buffer: Buffer,
  wanted: (name: string) => boolean,
  maxBytes: number,
): Promise<Map<string, string>> {
  const parts = new Map<string, string>();
  const zip = await fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true });
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName.toLowerCase();
      if (!wanted(name)) continue;
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        chunks.push(chunk as Buffer);
        bytes += (chunk as Buffer).length;
        if (bytes > maxBytes) break;
      }
      parts.set(name, Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'));
    }
  } finally {
    zip.close();
  }
  return parts;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character data with its entities decoded (the five named ones and numeric ones). */
export function xmlDecoded(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-f]+|#[0-9]+);/gi, (_, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? '';
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The text of each `<tag>` element of `xml` in order (its inner tags dropped), decoded. */
export function elementTexts(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => xmlDecoded((match[1] ?? '').replace(/<[^>]*>/g, '')));
}

/** The title and language of an Office file's core properties (docProps/core.xml or ODF meta.xml). */
export function coreProperties(xml: string): { title: string; language: string } {
  return {
    title: elementTexts(xml, 'dc:title')[0]?.trim() ?? '',
    language: elementTexts(xml, 'dc:language')[0]?.trim() ?? '',
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  throw error;
}
