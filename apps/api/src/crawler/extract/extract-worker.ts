/**
 * One thread of the ExtractPool (extract-pool.ts): extracts the pages it is given, below the API
 * thread's priority. Errors (a selector that is not valid CSS) reach the caller with their message.
 */
import { lowerThreadPriority } from '../../thread-priority.ts';
import { type ExtractedPage, type ExtractOptions, extractPage } from './extract-page.ts';

export interface ExtractTask {
  html: string;
  options: ExtractOptions;
}

lowerThreadPriority('page extraction worker');

export default function extract({ html, options }: ExtractTask): ExtractedPage {
  return extractPage(html, options);
}
