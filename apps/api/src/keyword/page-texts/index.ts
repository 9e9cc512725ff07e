export { PageTextFile } from './page-text-file.ts';
export { decodePageTexts } from './page-text-record.ts';
export { SnippetBuilder } from './snippet-builder.ts';
export type { ShownPage, ShowRequest } from './snippet-protocol.ts';
