export { buildSnippet, type SnippetOptions } from './build-snippet.ts';
