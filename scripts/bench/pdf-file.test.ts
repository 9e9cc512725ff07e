import { importFromApi } from '@siteseer/test-support/api-modules';
import { describe, expect, it } from 'vitest';
import { pdfFile, wrap } from './pdf-file.ts';

// What the test uses of PDF.js as the crawler reads it (unpdf, resolved as the API does).
interface Unpdf {
  getDocumentProxy(bytes: Uint8Array): Promise<{ numPages: number }>;
  extractText(pdf: unknown, options: { mergePages: false }): Promise<{ text: string[] }>;
  getMeta(pdf: unknown): Promise<{ info: Record<string, unknown> }>;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('a PDF set as a text document', () => {
  it('given a paragraph, then it is cut at spaces into lines no longer than the width', () => {
    const text = 'the quick brown fox jumps over the lazy dog '.repeat(20);
    const lines = wrap(text, 30);
    expect(lines.every((line) => line.length <= 30)).toBe(true);
    expect(lines.join(' ')).toBe(text.trim());
    expect(wrap('a verylongwordthatdoesnotfit b', 5)).toEqual(['a', 'verylongwordthatdoesnotfit', 'b']);
  });

  it('given paragraphs longer than a page, then PDF.js reads every word, page after page, and the title', async () => {
    const { getDocumentProxy, extractText, getMeta } = await importFromApi<Unpdf>('unpdf');
    const paragraphs = Array.from(
      { length: 12 },
      (_, p) =>
        `Paragraph ${p} (with brackets) \\ ${'words of plain prose to fill the page '.repeat(12)}end${p}.`,
    );
    const pdf = await getDocumentProxy(new Uint8Array(pdfFile('A (long) manual', paragraphs)));
    const { text } = await extractText(pdf, { mergePages: false });
    expect(pdf.numPages).toBeGreaterThan(1);
    expect(text).toHaveLength(pdf.numPages);
    expect(words(text.join(' '))).toEqual(words(['A (long) manual', ...paragraphs].join(' ')));
    expect((await getMeta(pdf)).info.Title).toBe('A (long) manual');
  });
});
