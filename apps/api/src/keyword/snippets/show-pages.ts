import { decodePageTexts } from '../runtime/page-text-record.ts';
import { buildSnippet, snippetSource } from './build-snippet.ts';
import { queryTerms } from './query-terms.ts';
import type { ShownPage, ShowRequest } from './snippet-protocol.ts';

/**
 * Each page's original title and the best passage of its body (its description when it has no
 * body) with the matched terms marked: the same on the event loop and on the snippet worker.
 */
export function showPages(request: ShowRequest): ShownPage[] {
  const { pages } = request;
  const texts = pages.kind === 'texts' ? pages.texts : decodePageTexts(pages.bytes, pages.ends);
  return texts.map((text, n) => ({
    title: text.title,
    snippet: buildSnippet(snippetSource(text), {
      terms: request.terms[n] ?? queryTerms(request.slots, text.language),
      mappings: request.mappings,
      language: text.language,
      size: request.size,
      ...(text.words ? { words: text.words } : {}),
    }),
  }));
}
