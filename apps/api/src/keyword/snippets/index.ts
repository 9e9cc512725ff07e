export { buildSnippet, type SnippetOptions } from './build-snippet.ts';
export { queryTerms } from './query-terms.ts';
