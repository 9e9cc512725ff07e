import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { DocumentRefusal, type DocumentText } from './document-text.ts';
import type { DocumentLimits } from './limits.ts';

/**
 * A PDF's text, page after page, its title (the document's Title, else its first line) and its
 * language; refused when it has more pages than `limits.maxPages`, needs a password, or is not a
 * PDF PDF.js can read.
 */
export async function readPdf(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes the buffer over (transfers it): a copy, so the caller's bytes stay whole. Its
    // warnings about a damaged file would go to the console, not to the report: errors only.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw new DocumentRefusal(unreadable(error));
  }
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new DocumentRefusal(`The PDF has ${pdf.numPages} pages, more than the ${limits.maxPages} read.`);
    }
    const { text } = await extractText(pdf, { mergePages: false });
    const { info } = await getMeta(pdf);
    const title = typeof info.Title === 'string' ? info.Title.trim() : '';
    return {
      title,
      headings: [],
      text: text.join('\n'),
      language: typeof info.Language === 'string' ? info.Language : '',
      pages: pdf.numPages,
    };
  } catch (error) {
    if (error instanceof DocumentRefusal) throw error;
    throw new DocumentRefusal(unreadable(error));
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Why PDF.js could not read a file, as the crawl report says it. */
function unreadable(error: unknown): string {
  if (!(error instanceof Error)) throw error;
  if (error.name === 'PasswordException') return 'The PDF is protected by a password.';
  return `The PDF could not be read (${error.message}).`;
}
