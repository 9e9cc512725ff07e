import { utils, write } from '@e965/xlsx';
import { docxBytes, odtBytes, pdfBytes, pptxBytes } from '@siteseer/test-support/documents';
import { deflatedEntry, zerosEntry } from '@siteseer/test-support/workbooks/zip-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractPool } from '../extract-pool.ts';
import { documentTypeOf } from './document-type.ts';
import { DOCUMENT_LIMITS } from './limits.ts';
import { type DocumentOutcome, readDocument } from './read-document.ts';

function readPage(outcome: DocumentOutcome) {
  if (outcome.kind !== 'read') throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

describe('readDocument', () => {
  it('given a PDF with a Title, then its text, title, page count and language are read', async () => {
    const bytes = pdfBytes(['Tyre pressure for gravel riding', 'Check the valve (Presta)'], {
      title: 'Gravel handbook',
    });
    const { page, pages } = readPage(
      await readDocument({ bytes, type: 'pdf', headers: { 'content-language': 'en-GB' } }),
    );
    expect(pages).toBe(2);
    expect(page.title).toBe('Gravel handbook');
    expect(page.text).toBe('Tyre pressure for gravel riding Check the valve (Presta)');
    expect(page.language).toBe('en-GB');
    expect(page.links).toEqual([]);
    expect(page.robots).toEqual({ noindex: false, nofollow: false });
  });

  it('given a PDF without a Title, then its first line is its title', async () => {
    const { page } = readPage(
      await readDocument({ bytes: pdfBytes(['Spoke tension chart', 'More']), type: 'pdf' }),
    );
    expect(page.title).toBe('Spoke tension chart');
  });

  it('given X-Robots-Tag noindex on a PDF, then the page says noindex', async () => {
    const outcome = await readDocument({
      bytes: pdfBytes(['Internal price list']),
      type: 'pdf',
      headers: { 'x-robots-tag': 'noindex' },
    });
    expect(readPage(outcome).page.robots.noindex).toBe(true);
  });

  it('given a PDF of more pages than the limit, then it is refused with the count and the limit', async () => {
    const bytes = pdfBytes(['one', 'two', 'three']);
    const limits = { ...DOCUMENT_LIMITS, maxPages: 2 };
    expect(await readDocument({ bytes, type: 'pdf', limits })).toEqual({
      kind: 'refused',
      reason: 'The PDF has 3 pages, more than the 2 read.',
    });
  });

  it('given bytes that are not a PDF, then it is refused as not readable', async () => {
    const outcome = await readDocument({ bytes: Buffer.from('<html>not a pdf</html>'), type: 'pdf' });
    expect(outcome).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/^The PDF could not be read/),
    });
  });

  it('given a DOCX, then its paragraphs are its text, its headings read, its core title its title', async () => {
    const bytes = docxBytes(['Wash the chain with degreaser.', 'Dry it & oil it.'], {
      heading: 'Chain care',
      title: 'Workshop <notes>',
    });
    const { page, pages } = readPage(await readDocument({ bytes, type: 'docx' }));
    expect(pages).toBeNull();
    expect(page.title).toBe('Workshop <notes>');
    expect(page.headings).toEqual(['Chain care']);
    expect(page.text).toBe('Chain care Wash the chain with degreaser. Dry it & oil it.');
  });

  it('given a DOCX without a core title, then its first heading is its title', async () => {
    const bytes = docxBytes(['Body text.'], { heading: 'Brake bleeding' });
    expect(readPage(await readDocument({ bytes, type: 'docx' })).page.title).toBe('Brake bleeding');
  });

  it('given a DOCX holding a zip bomb, then it is refused unread by the upload guard', async () => {
    const bomb = await zerosEntry('word/media/padding.bin', 200 * 1024 * 1024);
    const outcome = await readDocument({ bytes: docxBytes(['x'], { extra: [bomb] }), type: 'docx' });
    expect(outcome).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(
        /^The DOCX was refused unread: its entry 'word\/media\/padding.bin' is compressed \d+:1 \(at most 100:1\)\.$/,
      ),
    });
  });

  it('given a zip that is not a Word document, then it is refused as not readable', async () => {
    const { buildZip } = await import('@siteseer/test-support/workbooks/zip-writer');
    const bytes = Buffer.from(buildZip([deflatedEntry('hello.txt', 'hello')]));
    const outcome = await readDocument({ bytes, type: 'docx' });
    expect(outcome).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/^The DOCX could not be read/),
    });
  });

  it('given a PPTX, then its slides are read in their number order, its core title its title', async () => {
    const slides = Array.from({ length: 11 }, (_, n) => [`Slide ${n + 1} headline`, `Point ${n + 1}`]);
    const { page, pages } = readPage(
      await readDocument({ bytes: pptxBytes(slides, { title: 'Season launch' }), type: 'pptx' }),
    );
    expect(pages).toBe(11);
    expect(page.title).toBe('Season launch');
    expect(page.text).toMatch(/^Slide 1 headline Point 1 Slide 2 headline .* Slide 11 headline Point 11$/);
  });

  it('given a PPTX of more slides than the limit, then it is refused with the count', async () => {
    const limits = { ...DOCUMENT_LIMITS, maxPages: 2 };
    expect(await readDocument({ bytes: pptxBytes([['a'], ['b'], ['c']]), type: 'pptx', limits })).toEqual({
      kind: 'refused',
      reason: 'The PPTX has 3 slides, more than the 2 read.',
    });
  });

  it('given an ODT, then its headings and paragraphs are its text, words kept apart at <text:s/>', async () => {
    const bytes = odtBytes(['Inflate to four bar.'], { heading: 'Tyre care' });
    const { page } = readPage(await readDocument({ bytes, type: 'odt' }));
    expect(page.title).toBe('Tyre care');
    expect(page.headings).toEqual(['Tyre care']);
    expect(page.text).toBe('Tyre care Inflate to four bar.');
  });

  it('given an XLSX, then its sheets and cells are its text, the sheets its headings', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['Part', 'Price'],
        ['Chainring', 42],
      ]),
      'Prices',
    );
    book.Props = { Title: 'Price list' };
    const bytes = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const { page } = readPage(await readDocument({ bytes, type: 'xlsx' }));
    expect(page.title).toBe('Price list');
    expect(page.headings).toEqual(['Prices']);
    expect(page.text).toBe('Prices Part Price Chainring 42');
  });
});

describe('documentTypeOf', () => {
  it('names a document by its media type, or by its extension when the type says only bytes', () => {
    expect(documentTypeOf('application/pdf', 'https://a.example/x')).toBe('pdf');
    expect(
      documentTypeOf(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'https://a.example/x',
      ),
    ).toBe('docx');
    expect(documentTypeOf('application/octet-stream', 'https://a.example/Guide.PDF')).toBe('pdf');
    expect(documentTypeOf(null, 'https://a.example/letter.docx?v=2')).toBe('docx');
    const attachment = { 'content-disposition': 'attachment; filename="Brakes 2026.PDF"' };
    expect(documentTypeOf('application/octet-stream', 'https://a.example/download?id=7', attachment)).toBe(
      'pdf',
    );
    const encoded = { 'content-disposition': "attachment; filename*=UTF-8''Br%C3%BCcke.docx" };
    expect(documentTypeOf('application/octet-stream', 'https://a.example/get', encoded)).toBe('docx');
    expect(documentTypeOf('image/png', 'https://a.example/x.pdf', attachment)).toBeUndefined();
    expect(documentTypeOf('image/png', 'https://a.example/x.pdf')).toBeUndefined();
    expect(documentTypeOf('application/zip', 'https://a.example/x.zip')).toBeUndefined();
  });
});

describe('ExtractPool.readDocument', () => {
  const pool = new ExtractPool();
  afterAll(() => pool.close());

  it('given a PDF, then a pool thread reads what readDocument does on the calling thread', async () => {
    const task = { bytes: pdfBytes(['Derailleur indexing']), type: 'pdf' as const };
    expect(await pool.readDocument(task)).toEqual(await readDocument(task));
  });

  it('given a document that takes longer than the parse-time limit, then it is refused and the pool goes on', async () => {
    const many = pdfBytes(Array.from({ length: 400 }, (_, n) => `Page ${n} of a long manual`));
    const outcome = await pool.readDocument({
      bytes: many,
      type: 'pdf',
      limits: { ...DOCUMENT_LIMITS, parseTimeMs: 1 },
    });
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'Reading the document took longer than 0.001 s, the limit for one document.',
    });
    const next = await pool.readDocument({ bytes: pdfBytes(['After the timeout']), type: 'pdf' });
    expect(next).toMatchObject({ kind: 'read', page: { title: 'After the timeout' } });
  });
});
