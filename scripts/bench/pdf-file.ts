/**
 * A PDF laid out as a text document is: a title line, then paragraphs wrapped to the page's width
 * in Helvetica 11 pt, a blank line between them, as many pages as they fill, each page's content
 * stream deflated (as writers do). The crawler tests' kit (`@siteseer/test-support/documents`)
 * writes one line a page, and PDF.js reads only what lies on the page: a paragraph there would be
 * cut after its first hundred characters or so.
 */
import { deflateSync } from 'node:zlib';

/** Characters a line holds at most: about 440 pt of Helvetica 11 pt, inside 72 pt margins. */
const LINE_CHARS = 80;
const LINES_PER_PAGE = 44;
const LEADING = 14;

/** `text` cut at spaces into lines of at most `width` characters (a longer word stands alone). */
export function wrap(text: string, width = LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** The PDF of `title` (its Info title and first line) and `paragraphs`; Latin-1 text only. */
export function pdfFile(title: string, paragraphs: readonly string[]): Buffer {
  const lines = paragraphs.flatMap((paragraph, n) => [...(n > 0 ? [''] : []), ...wrap(paragraph)]);
  const pages: string[][] = [];
  for (let at = 0; at < lines.length; at += LINES_PER_PAGE) pages.push(lines.slice(at, at + LINES_PER_PAGE));
  const streams = pages.map((page, n) => {
    const heading = n === 0 ? `/F2 16 Tf ${pdfString(title)} Tj 0 -28 Td ` : '';
    const body = page.map((line) => `${pdfString(line)} Tj T*`).join('\n');
    return deflateSync(Buffer.from(`BT 72 720 Td ${heading}/F1 11 Tf ${LEADING} TL\n${body}\nET`, 'latin1'));
  });
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then each page and its content stream.
  const pageId = (n: number) => 6 + n * 2;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(
      `<< /Type /Pages /Kids [${pages.map((_, n) => `${pageId(n)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.from(`<< /Title ${pdfString(title)} /Producer (Siteseer bench) >>`, 'latin1'),
    ...streams.flatMap((stream, n) => [
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId(n) + 1} 0 R >>`,
      ),
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.byteLength} /Filter /FlateDecode >>\nstream\n`),
        stream,
        Buffer.from('\nendstream'),
      ]),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = parts[0]?.byteLength ?? 0;
  const offsets = objects.map((object, n) => {
    const at = size;
    const part = Buffer.concat([Buffer.from(`${n + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(part);
    size += part.byteLength;
    return at;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${size}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}
