/**
 * Decodes a URI-encoded label; text that is not valid percent-encoding (a raw '100% cotton') is
 * returned as it is, because it was never encoded.
 */
export function decodeLabel(label: string): string {
  try {
    return decodeURIComponent(label);
  } catch (error) {
    if (error instanceof URIError) return label;
    throw error;
  }
}

/**
 * Encodes a label for storage without double-encoding: an already encoded label is decoded first, so
 * encodeLabel(encodeLabel(x)) === encodeLabel(x). The price: raw text that happens to be valid
 * percent-encoding ('50%25') is read as encoded; labels are display text, so that is accepted.
 */
export function encodeLabel(label: string): string {
  return encodeURIComponent(decodeLabel(label));
}
