import type { KeywordSettings } from '@siteseer/core';

// When the Crawler step's settings take effect. Publishing an edit saves them and crawls new sites
// (spec 001 §4), but the crawler reads a page with them only when it crawls that page again (its
// Next Check in the crawl report): until then search shows the page as last crawled. The wizard
// says so, rather than have an owner expect the results to change on Publish. Origin is a client
// setting, read by search at once.

/** The Crawler step's note in edit mode. */
export const CRAWLER_CHANGES_NOTE =
  'Changes on this step, Origin aside, take effect as each page is crawled again, not when you publish: until then, search shows a page as it was last crawled. A new site starts crawling when you publish. The crawl report gives each page’s Next Check.';

/** The accessible name of the notes about when crawler changes take effect. */
export const CRAWLER_CHANGES_LABEL = 'When crawler changes take effect';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A crawler setting as the Crawler step labels it, and its value as the crawler reads it. */
const CRAWLER_SETTINGS: readonly [label: string, read: (s: KeywordSettings) => unknown][] = [
  ['Remove hash fragments from URLs', (s) => s.removeHashFragments],
  ['Ignored URL parameters', (s) => s.ignoreParameters],
  ['URL filters', (s) => s.urlFilters ?? []],
  ['Page load delay', (s) => s.pageLoadDelay],
  ['Crawl frequency', (s) => s.crawlFrequency],
  ['Content target', (s) => (s.useContentTarget ? s.contentTarget.trim() : '')],
  ['Exclude targets', (s) => (s.useExcludeTarget ? s.excludeContentTargets : [])],
  ['Custom tags selector', (s) => s.customTagsSelector.trim()],
  ['Custom tags attribute name', (s) => s.customTagsAttributeName.trim()],
  ['Documents to index', (s) => [...s.documentTypes].sort()],
  ['Render JavaScript', (s) => s.renderJavaScript],
];

/**
 * The crawler settings an edit changed, by their labels on the Crawler step: those that take effect
 * only as pages are crawled again. A removed site counts (its pages leave search as they are
 * checked); a new site does not (publishing starts its crawl).
 */
export function changedCrawlerSettings(before: KeywordSettings, after: KeywordSettings): string[] {
  const removedSite = before.urls.some((url) => !after.urls.includes(url));
  return [
    ...(removedSite ? ['Sites to crawl'] : []),
    ...CRAWLER_SETTINGS.filter(([, read]) => !same(read(before), read(after))).map(([label]) => label),
  ];
}

/** "A", "A and B", "A, B and C". */
function listed(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** The Review step's note when an edit changed crawler settings (`changed`, not empty). */
export function crawlerChangesReviewNote(changed: readonly string[]): string {
  return `Your changes to ${listed(changed)} take effect as each page is crawled again, not when you publish. The crawl report gives each page’s Next Check.`;
}
