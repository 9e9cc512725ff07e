export { buildSnippet, type SnippetOptions } from './build-snippet.ts';
export { queryTerms } from './query-terms.ts';
export { SnippetBuilder } from './snippet-builder.ts';
export type { ShownPage, ShowRequest } from './snippet-protocol.ts';
