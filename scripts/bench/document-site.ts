/**
 * The documents section's site, on 127.0.0.1: N generated texts served twice. `/documents/` links
 * them as documents, even ones as PDFs and odd ones as DOCX files; `/html/` links the same texts as
 * HTML pages (the baseline crawl). Each text has a title, a few paragraphs of prose and a word of
 * its own in its first paragraph, so each can be looked for after a crawl. A PDF is set as a text
 * document is (pdf-file.ts: wrapped lines, compressed page streams, a standard font); a DOCX is
 * written by the crawler tests' kit (`@siteseer/test-support/documents`), plain paragraphs under a
 * heading. Documents from an office suite (embedded fonts, images, styles) cost more to read.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { docxBytes } from '@siteseer/test-support/documents';
import { WORDS } from './crawl-site.ts';
import { prng } from './dataset.ts';
import { pdfFile } from './pdf-file.ts';

export const DOCUMENT_PAGES = 200;
const PARAGRAPHS = 5;
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type DocumentKind = 'pdf' | 'docx';

/** The kind of text `n`'s document: half PDFs, half DOCX files. */
export const kindOf = (n: number): DocumentKind => (n % 2 === 0 ? 'pdf' : 'docx');

/** The word only text `n` has; all of one length, so no text's word is a prefix of another's. */
export const wordOf = (n: number) => `dqx${n.toString(36).padStart(4, '0')}v`;

export interface DocumentText {
  title: string;
  paragraphs: string[];
}

/** Text `n`: a title and PARAGRAPHS paragraphs of 4–6 sentences, its own word in the first. */
export function textOf(n: number): DocumentText {
  const random = prng(n * 40_503 + 11);
  const word = () => WORDS[Math.floor(random() ** 2 * WORDS.length)] as string;
  const words = (count: number) => Array.from({ length: count }, word);
  const sentence = (extra: string[] = []) => {
    const list = [...words(8 + Math.floor(random() * 11)), ...extra];
    const text = list.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraphs = Array.from({ length: PARAGRAPHS }, (_, p) =>
    Array.from({ length: 4 + Math.floor(random() * 3) }, (_, s) =>
      sentence(p === 0 && s === 1 ? ['and', wordOf(n)] : []),
    ).join(' '),
  );
  const title = words(3 + Math.floor(random() * 3)).join(' ');
  return { title: `${title.charAt(0).toUpperCase()}${title.slice(1)} (${n})`, paragraphs };
}

/** The path of text `n` on the site: as a document, or as an HTML page. */
export const documentPath = (n: number) => `/documents/${n}.${kindOf(n)}`;
export const htmlPath = (n: number) => `/html/${n}.html`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

export interface DocumentSite {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  origin: string;
  /** The index of the documents, and the index of the same texts as HTML pages. */
  documentsUrl: string;
  htmlUrl: string;
  close(): Promise<void>;
}

/** Serves `count` texts as documents and as HTML pages (all written up front, so serving is cheap). */
export async function startDocumentSite(count = DOCUMENT_PAGES): Promise<DocumentSite> {
  const texts = Array.from({ length: count }, (_, n) => textOf(n));
  const list = (pathOf: (n: number) => string) =>
    `<ul>${texts.map((text, n) => `<li><a href="${pathOf(n)}">${text.title}</a></li>`).join('')}</ul>`;
  const routes = new Map<string, { type: string; body: Buffer }>([
    ['/robots.txt', { type: 'text/plain', body: Buffer.from('User-agent: *\nAllow: /\n') }],
    [
      '/documents/',
      { type: 'text/html; charset=utf-8', body: Buffer.from(page('Documents', list(documentPath))) },
    ],
    ['/html/', { type: 'text/html; charset=utf-8', body: Buffer.from(page('Pages', list(htmlPath))) }],
  ]);
  texts.forEach(({ title, paragraphs }, n) => {
    routes.set(htmlPath(n), {
      type: 'text/html; charset=utf-8',
      body: Buffer.from(page(title, paragraphs.map((text) => `<p>${text}</p>`).join(''))),
    });
    routes.set(
      documentPath(n),
      kindOf(n) === 'pdf'
        ? { type: 'application/pdf', body: pdfFile(title, paragraphs) }
        : { type: DOCX_TYPE, body: docxBytes(paragraphs, { heading: title, title }) },
    );
  });
  const server = createServer((req, res) => {
    const route = routes.get(req.url ?? '/');
    if (route) res.writeHead(200, { 'content-type': route.type }).end(route.body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    documentsUrl: `${origin}/documents/`,
    htmlUrl: `${origin}/html/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
