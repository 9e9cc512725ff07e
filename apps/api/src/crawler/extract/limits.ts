/**
 * Caps on what one page contributes, so a huge or hostile page costs the store and the index a
 * bounded amount. The fetcher reads at most 5 MB of HTML; a page's words past its first million
 * characters add little to search and much to the index.
 */
export const EXTRACT_LIMITS = {
  /** Characters (UTF-16 code units) of body text kept. */
  textChars: 1_000_000,
  titleChars: 1_000,
  descriptionChars: 2_000,
  headings: 1_000,
  headingChars: 1_000,
  /** Distinct links kept, in document order. */
  links: 10_000,
  customTags: 100,
  customTagChars: 200,
} as const;
