import { withoutBidiControls } from '@siteseer/core/domain/bidi-controls';

/**
 * Text from outside the CLI (the server, a crawled site, a visitor's search, an uploaded file) as
 * it may reach a terminal. Its control characters are dropped (an escape sequence could set the
 * window title, clear or rewrite the screen) and so are bidirectional overrides (which reorder what
 * is shown; core's rule, the same as the widget's and the portal's); a tab or line break becomes a
 * space, so a value stays on its line and in its cell.
 */

// C0 controls (tab and line breaks are made spaces first), DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f]/g;

/** One line of outside text, safe for a terminal. */
export function safeText(text: string): string {
  return withoutBidiControls(text.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ').replace(UNSAFE, ''));
}
