import { type KeywordSettings, MESSAGES } from '@siteseer/core';

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

/**
 * The crawler's selectors of the settings that do not parse, by their labels on the Crawler step
 * (only those in use: a content target behind its switch off is not read). The crawler would fail
 * on every page it fetched with them.
 */
export function invalidCrawlerSelectors(settings: KeywordSettings): string[] {
  const invalid = (selector: string) => selectorProblem(selector) !== undefined;
  return [
    ...(settings.useContentTarget && invalid(settings.contentTarget) ? ['Content target'] : []),
    ...(settings.useExcludeTarget && settings.excludeContentTargets.some(invalid) ? ['Exclude targets'] : []),
    ...(invalid(settings.customTagsSelector) ? ['Custom tags selector'] : []),
  ];
}

/** Why Publish waits while `labels` (not empty) name selectors that do not parse. */
export function invalidSelectorsMessage(labels: readonly string[]): string {
  const named =
    labels.length === 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  const one = labels.length === 1;
  return `${named} ${one ? 'is not a valid CSS selector' : 'are not valid CSS selectors'}: the crawler would fail on every page it reads. Correct ${one ? 'it' : 'them'} on the Crawler step, then publish.`;
}
