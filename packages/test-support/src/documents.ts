/**
 * Small real documents for the crawler's tests: a PDF written by hand (one text line per page, an
 * optional Info title), and DOCX, PPTX and ODT files zipped with the test-support zip writer.
 */
import { buildZip, deflatedEntry, type ZipEntry } from './workbooks/zip-writer.ts';

/** A PDF of one page per entry of `pages`, each showing its text as one line; `title` in its Info. */
export function pdfBytes(pages: readonly string[], options: { title?: string } = {}): Buffer {
  const objects: string[] = [];
  const pdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const pageIds = pages.map((_, n) => 4 + n * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, n) => {
    const id = pageIds[n] as number;
    const stream = `BT /F1 12 Tf 72 720 Td (${pdfString(text)}) Tj ET`;
    objects[id] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  if (options.title !== undefined) objects[infoId] = `<< /Title (${pdfString(options.title)}) >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const info = options.title !== undefined ? ` /Info ${infoId} 0 R` : '';
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R${info} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/**
 * A DOCX whose body is `heading` (styled Heading 1, when given) then one paragraph per entry of
 * `paragraphs`; `title` in its core properties. `extra` entries are added as they are (a zip bomb).
 */
export function docxBytes(
  paragraphs: readonly string[],
  options: { heading?: string; title?: string; extra?: readonly ZipEntry[] } = {},
): Buffer {
  const paragraph = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const body = [
    ...(options.heading !== undefined ? [paragraph(options.heading, 'Heading1')] : []),
    ...paragraphs.map((text) => paragraph(text)),
  ].join('');
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const entries: ZipEntry[] = [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ),
    deflatedEntry(
      'word/_rels/document.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ),
    deflatedEntry(
      'word/styles.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${w}">` +
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>',
    ),
    deflatedEntry(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${w}"><w:body>${body}</w:body></w:document>`,
    ),
    deflatedEntry('docProps/core.xml', coreXml(options.title)),
    ...(options.extra ?? []),
  ];
  return Buffer.from(buildZip(entries));
}

/** A PPTX of one slide per entry of `slides`, each a list of paragraphs; `title` in its core properties. */
export function pptxBytes(slides: readonly (readonly string[])[], options: { title?: string } = {}): Buffer {
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const p = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const slide = (paragraphs: readonly string[]) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:a="${a}" xmlns:p="${p}"><p:cSld><p:spTree><p:sp><p:txBody>` +
    paragraphs.map((text) => `<a:p><a:r><a:t>${xmlEscape(text)}</a:t></a:r></a:p>`).join('') +
    '</p:txBody></p:sp></p:spTree></p:cSld></p:sld>';
  return Buffer.from(
    buildZip([
      deflatedEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
      // Numbered past 9, so that slide order is by number, not by name.
      ...slides.map((paragraphs, n) => deflatedEntry(`ppt/slides/slide${n + 1}.xml`, slide(paragraphs))),
      deflatedEntry('docProps/core.xml', coreXml(options.title)),
    ]),
  );
}

/** An ODT of `heading` (when given) then one paragraph per entry of `paragraphs`; `title` in its meta. */
export function odtBytes(
  paragraphs: readonly string[],
  options: { heading?: string; title?: string } = {},
): Buffer {
  const text = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
  const body = [
    ...(options.heading !== undefined
      ? [`<text:h text:outline-level="1">${xmlEscape(options.heading)}</text:h>`]
      : []),
    // ODF writes a run of spaces as <text:s/>: words on either side stay apart.
    ...paragraphs.map((line) => `<text:p>${xmlEscape(line).replace(/ /g, '<text:s/>')}</text:p>`),
  ].join('');
  return Buffer.from(
    buildZip([
      deflatedEntry('mimetype', 'application/vnd.oasis.opendocument.text'),
      deflatedEntry(
        'content.xml',
        `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="${text}"><office:body><office:text>${body}</office:text></office:body></office:document-content>`,
      ),
      deflatedEntry(
        'meta.xml',
        '<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta>' +
          (options.title !== undefined ? `<dc:title>${xmlEscape(options.title)}</dc:title>` : '') +
          '</office:meta></office:document-meta>',
      ),
    ]),
  );
}

function coreXml(title: string | undefined): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    (title !== undefined ? `<dc:title>${xmlEscape(title)}</dc:title>` : '') +
    '</cp:coreProperties>'
  );
}
