export { documentTypeOf, documentTypeOffReason } from './document-type.ts';
export { DOCUMENT_LIMITS } from './limits.ts';
export { type DocumentOutcome, type DocumentTask, readDocument } from './read-document.ts';
