/**
 * Text from outside the CLI (the server, a crawled site, a visitor's search, an uploaded file) as
 * it may reach a terminal. Its control characters are dropped (an escape sequence could set the
 * window title, clear or rewrite the screen) and so are bidirectional overrides (which reorder what
 * is shown); a tab or line break becomes a space, so a value stays on its line and in its cell.
 */

// C0 controls (tab and line breaks are made spaces first), DEL, C1 controls, and the
// bidirectional embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One line of outside text, safe for a terminal. */
export function safeText(text: string): string {
  return text.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ').replace(UNSAFE, '');
}
