// The API's store for the bench's floor (raw COPY, in csv-copy.ts's lines, into the same kind of
// database) and for schemas of their own on PostgreSQL: a subpath of its own, so importing it does
// not load the whole server.

export { openStore, type StoreConfig } from '@siteseer/api/store/open-store';
export { createTestSchema } from '@siteseer/api/store/test-schema';
export { chunkLines, csvCopyLine } from './csv-copy.ts';
