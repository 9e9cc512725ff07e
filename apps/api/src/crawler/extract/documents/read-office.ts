import { read, utils } from '@e965/xlsx';
import { DocumentRefusal, type DocumentText } from './document-text.ts';
import type { DocumentLimits } from './limits.ts';
import { coreProperties, elementTexts, guardArchive, xmlDecoded, zipParts } from './zip-parts.ts';

// PowerPoint, Excel and OpenDocument text files: each a zip archive, refused before anything is
// inflated unless its directory passes the uploads' guard; then only the parts holding text are
// read. Titles come from the core properties, else (read-document.ts) the first line.

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;

/**
 * A presentation's text, slide after slide in their number order (a paragraph a line), its title
 * and language; refused when it has more slides than a PDF may have pages.
 */
export async function readPptx(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await guardArchive(buffer, 'PPTX', limits);
  const parts = await readParts(
    buffer,
    (name) => SLIDE.test(name) || name === 'docprops/core.xml',
    limits,
    'PPTX',
  );
  const slides = [...parts.keys()]
    .filter((name) => SLIDE.test(name))
    .sort((a, b) => slideNumber(a) - slideNumber(b));
  if (slides.length === 0) throw new DocumentRefusal('The PPTX could not be read (it has no slides).');
  if (slides.length > limits.maxPages) {
    throw new DocumentRefusal(`The PPTX has ${slides.length} slides, more than the ${limits.maxPages} read.`);
  }
  const text = slides.flatMap((name) => elementTexts(parts.get(name) ?? '', 'a:p')).join('\n');
  const core = coreProperties(parts.get('docprops/core.xml') ?? '');
  return { title: core.title, headings: [], text, language: core.language, pages: slides.length };
}

function slideNumber(name: string): number {
  return Number(SLIDE.exec(name)?.[1] ?? 0);
}

/** An OpenDocument text's headings and paragraphs in order (a line each), its title and language. */
export async function readOdt(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await guardArchive(buffer, 'ODT', limits);
  const parts = await readParts(
    buffer,
    (name) => name === 'content.xml' || name === 'meta.xml',
    limits,
    'ODT',
  );
  const content = parts.get('content.xml');
  if (content === undefined) throw new DocumentRefusal('The ODT could not be read (it has no content.xml).');
  // Spaces, tabs and line breaks are elements in ODF: words on either side stay apart.
  const spaced = content.replace(/<text:(s|tab|line-break)(\s[^>]*)?\/>/g, ' ');
  const blocks = [...spaced.matchAll(/<(text:h|text:p)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)].map((match) => ({
    heading: match[1] === 'text:h',
    text: xmlDecoded((match[2] ?? '').replace(/<[^>]*>/g, '')),
  }));
  const headings = blocks
    .filter((block) => block.heading && block.text.trim() !== '')
    .map((b) => b.text.trim());
  const core = coreProperties(parts.get('meta.xml') ?? '');
  return {
    title: core.title || (headings[0] ?? ''),
    headings,
    text: blocks.map((block) => block.text).join('\n'),
    language: core.language,
    pages: null,
  };
}

/**
 * A workbook's cells as text (SheetJS, the uploads' reader), a row a line, each sheet's name first
 * (the sheets' names are its headings), and its title.
 */
export async function readXlsx(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await guardArchive(buffer, 'XLSX', limits);
  let workbook: ReturnType<typeof read>;
  try {
    workbook = read(buffer, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new DocumentRefusal(`The XLSX could not be read (${error.message}).`);
  }
  if (workbook.SheetNames.length > limits.maxPages) {
    throw new DocumentRefusal(
      `The XLSX has ${workbook.SheetNames.length} sheets, more than the ${limits.maxPages} read.`,
    );
  }
  const lines: string[] = [];
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet) continue;
    lines.push(name);
    const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: false });
    for (const row of rows) lines.push(row.filter((cell) => cell !== null && cell !== '').join(' '));
  }
  const title = typeof workbook.Props?.Title === 'string' ? workbook.Props.Title.trim() : '';
  return { title, headings: [...workbook.SheetNames], text: lines.join('\n'), language: '', pages: null };
}

/** The parts of an archive the guard let through, or the reason it is not readable. */
async function readParts(
  buffer: Buffer,
  wanted: (name: string) => boolean,
  limits: DocumentLimits,
  label: string,
): Promise<Map<string, string>> {
  try {
    return await zipParts(buffer, wanted, limits.archive.maxUncompressedBytes);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new DocumentRefusal(`The ${label} could not be read (${error.message}).`);
  }
}
