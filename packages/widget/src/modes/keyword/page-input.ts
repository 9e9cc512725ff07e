/**
 * The page's search input named by the install snippet's `data-siteseer-input` selector, or null
 * when there is none (no selector, nothing matches, not an `<input>`, or a selector the browser
 * cannot parse): the widget then renders its own input rather than leave visitors without search.
 */
export function findPageInput(option: string | HTMLInputElement | undefined): HTMLInputElement | null {
  if (option === undefined) return null;
  if (typeof option !== 'string') return option;
  if (option.trim() === '') return null;
  let found: Element | null;
  try {
    found = document.querySelector(option);
  } catch (error) {
    // The one thing querySelector throws: a 'SyntaxError' DOMException for a selector it cannot parse.
    if (error instanceof DOMException) return null;
    throw error;
  }
  return found instanceof HTMLInputElement ? found : null;
}
