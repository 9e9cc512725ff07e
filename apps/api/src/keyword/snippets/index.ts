export { buildSnippet, type SnippetOptions } from './build-snippet.ts';
export { SnippetBuilder } from './snippet-builder.ts';
export type { SnippetJob } from './snippet-protocol.ts';
