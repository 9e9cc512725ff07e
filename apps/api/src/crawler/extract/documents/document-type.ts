import type { DocumentType } from '@siteseer/core';
import { headerLines, type ResponseHeaders } from '../response-headers.ts';

/** The media types each document type is served as. */
const MEDIA_TYPES: Record<string, DocumentType> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
};

/** Media types that say only "bytes": the URL's extension names the document then. */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/download',
]);

const EXTENSION = /\.(pdf|docx|pptx|xlsx|odt)$/i;
/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`). */
const FILENAME = /filename\*?\s*=\s*(?:[\w-]+'[\w-]*')?"?([^";]+)"?/i;

/**
 * The document type of a response, by its Content-Type, or, when the server sends none or a generic
 * one (many serve PDFs as application/octet-stream), by the extension of the file name its
 * Content-Disposition gives, else of its URL's path; undefined for anything else (an image, a zip,
 * HTML).
 */
export function documentTypeOf(
  contentType: string | null,
  url: string,
  headers?: ResponseHeaders,
): DocumentType | undefined {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const named = MEDIA_TYPES[mediaType];
  if (named) return named;
  if (!GENERIC_TYPES.has(mediaType)) return undefined;
  const disposition = headerLines(headers, 'content-disposition')[0] ?? '';
  const filename = FILENAME.exec(disposition)?.[1]?.trim() ?? '';
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  const extension = EXTENSION.exec(filename)?.[1] ?? EXTENSION.exec(path)?.[1];
  return extension?.toLowerCase() as DocumentType | undefined;
}

/** How a report names a document type ("PDF", "DOCX"). */
function documentLabel(type: DocumentType): string {
  return type.toUpperCase();
}

/** Why a document of a type the engine's document types leave out is not indexed. */
export function documentTypeOffReason(type: DocumentType): string {
  return `${documentLabel(type)} documents are not indexed by this engine (its document types).`;
}
