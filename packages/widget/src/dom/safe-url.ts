const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

/** Bare host names are common in spreadsheets; resolved as relative paths they would point nowhere. */
const BARE_WWW_HOST = /^www\.[^\s/]+\.[^\s/]+/i;

/**
 * The absolute http(s) URL for a cell value, or null when it is not one. Relative URLs resolve
 * against `base` (the page); `javascript:`, `data:`, `vbscript:` and every other scheme are refused.
 */
export function safeUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(BARE_WWW_HOST.test(text) ? `https://${text}` : text, base);
  } catch (error) {
    if (error instanceof TypeError) return null; // not a URL at all
    throw error;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
}
