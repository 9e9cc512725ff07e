import { buildSnippet, snippetSource } from '../snippets/build-snippet.ts';
import { queryTerms } from '../snippets/query-terms.ts';
import type { PageText } from './page-text.ts';
import { ReadScratch, readRecords } from './page-text-file.ts';
import { decodePageTexts } from './page-text-record.ts';
import type { ShownPage, ShowRequest } from './snippet-protocol.ts';

/** The records of the pages being shown: decoded before the next request is read into it. */
const scratch = new ReadScratch();

/**
 * Each page's original title and the best passage of its body (its description when it has no
 * body) with the matched terms marked: the same on the event loop and on the snippet worker. Pages
 * given by their place in the page-text file are read here.
 */
export function showPages(request: ShowRequest): ShownPage[] {
  const { pages } = request;
  let texts: readonly PageText[];
  if (pages.kind === 'texts') texts = pages.texts;
  else {
    const { bytes, ends } = readRecords(pages.fd, pages.places, scratch);
    texts = decodePageTexts(bytes, ends, { shown: true });
  }
  return texts.map((text, n) => ({
    title: text.title,
    snippet: buildSnippet(snippetSource(text), {
      terms: request.terms[n] ?? queryTerms(request.slots, text.language),
      mappings: request.mappings,
      language: text.language,
      size: request.size,
      ...(text.table ? { table: text.table } : {}),
    }),
    type: text.type,
  }));
}
