import { MESSAGES } from '@siteseer/core';

/**
 * The problem of a CSS selector typed in the crawler step, or undefined (blank is no problem). The
 * browser's own parser judges it: the crawler reads the same CSS selector syntax, and refuses a
 * crawl setting that does not parse.
 */
export function selectorProblem(selector: string): string | undefined {
  const text = selector.trim();
  if (text === '') return undefined;
  try {
    document.createDocumentFragment().querySelector(text);
    return undefined;
  } catch (error) {
    // querySelector's only DOMException for a string is SyntaxError (some test DOMs leave it unnamed).
    if (error instanceof window.DOMException) return MESSAGES.invalidSelector;
    throw error;
  }
}
