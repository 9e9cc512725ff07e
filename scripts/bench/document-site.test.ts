import { importFromApi } from '@siteseer/test-support/api-modules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocumentSite,
  documentPath,
  htmlPath,
  kindOf,
  startDocumentSite,
  textOf,
  wordOf,
} from './document-site.ts';

// What the test uses of the readers the crawler reads documents with (resolved as the API does).
interface Unpdf {
  getDocumentProxy(bytes: Uint8Array): Promise<unknown>;
  extractText(pdf: unknown, options: { mergePages: true }): Promise<{ text: string }>;
  getMeta(pdf: unknown): Promise<{ info: Record<string, unknown> }>;
}
interface Mammoth {
  extractRawText(input: { buffer: Buffer }): Promise<{ value: string }>;
}

const TEXTS = 10;
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('the documents section site', () => {
  let site: DocumentSite;
  const get = async (path: string) => {
    const response = await fetch(`${site.origin}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    site = await startDocumentSite(TEXTS);
  });
  afterAll(() => site.close());

  it('given the two indexes, then one links every text as a document, half PDFs, the other as HTML', async () => {
    const documents = (await get('/documents/')).bytes.toString();
    const links = [...documents.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(Array.from({ length: TEXTS }, (_, n) => documentPath(n)));
    expect(links.filter((link) => link?.endsWith('.pdf'))).toHaveLength(TEXTS / 2);
    expect(links.filter((link) => link?.endsWith('.docx'))).toHaveLength(TEXTS / 2);
    const html = (await get('/html/')).bytes.toString();
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual(
      Array.from({ length: TEXTS }, (_, n) => htmlPath(n)),
    );
  });

  it('given a PDF, then PDF.js reads its title and every word of its text, its own word among them', async () => {
    const { getDocumentProxy, extractText, getMeta } = await importFromApi<Unpdf>('unpdf');
    const served = await get(documentPath(0));
    expect([kindOf(0), served.type]).toEqual(['pdf', 'application/pdf']);
    const pdf = await getDocumentProxy(new Uint8Array(served.bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    const { info } = await getMeta(pdf);
    expect(info.Title).toBe(textOf(0).title);
    expect(words(text)).toEqual(words([textOf(0).title, ...textOf(0).paragraphs].join(' ')));
    expect(text).toMatch(new RegExp(`\\b${wordOf(0)}\\b`));
  });

  it('given a DOCX, then mammoth reads its heading and every word of its text, its own word among them', async () => {
    const module = await importFromApi<Mammoth & { default?: Mammoth }>('mammoth');
    const mammoth = module.default ?? module;
    const served = await get(documentPath(1));
    expect(kindOf(1)).toBe('docx');
    expect(served.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const { value } = await mammoth.extractRawText({ buffer: served.bytes });
    expect(words(value)).toEqual(words([textOf(1).title, ...textOf(1).paragraphs].join(' ')));
    expect(value).toMatch(new RegExp(`\\b${wordOf(1)}\\b`));
  });

  it('given an HTML page, then it holds the same title and paragraphs', async () => {
    const page = (await get(htmlPath(3))).bytes.toString();
    const { title, paragraphs } = textOf(3);
    expect(page).toContain(`<title>${title}</title>`);
    for (const paragraph of paragraphs) expect(page).toContain(`<p>${paragraph}</p>`);
  });

  it('given the texts, then each has paragraphs of prose and one word of its own, no two alike', () => {
    const own = new Set<string>();
    for (let n = 0; n < 2000; n += 1) {
      const { title, paragraphs } = textOf(n);
      expect(paragraphs.length).toBeGreaterThanOrEqual(3);
      expect(words(paragraphs.join(' ')).length).toBeGreaterThan(150);
      expect([...`${title} ${paragraphs.join(' ')}`.matchAll(/dqx\w*/g)].map((match) => match[0])).toEqual([
        wordOf(n),
      ]);
      own.add(wordOf(n));
    }
    expect(own.size).toBe(2000);
  });

  it('given a path that is neither, then it answers 404', async () => {
    expect((await get(`/documents/${TEXTS}.pdf`)).status).toBe(404);
    expect((await get('/')).status).toBe(404);
  });
});
