/**
 * One thread of the ExtractPool (extract-pool.ts): extracts the pages (default export) and reads
 * the documents (`document`) it is given, below the API thread's priority. Errors (a selector that
 * is not valid CSS) reach the caller with their message.
 */
import { lowerThreadPriority } from '../../thread-priority.ts';
import { type DocumentOutcome, type DocumentTask, readDocument } from './documents/index.ts';
import { type ExtractedPage, type ExtractOptions, extractPage } from './extract-page.ts';

export interface ExtractTask {
  html: string;
  options: ExtractOptions;
}

lowerThreadPriority('page extraction worker');

export default function extract({ html, options }: ExtractTask): ExtractedPage {
  return extractPage(html, options);
}

/** A fetched document read as a page, or refused with its reason (documents/read-document.ts). */
export function document(task: DocumentTask): Promise<DocumentOutcome> {
  return readDocument(task);
}
