import { createHash } from 'node:crypto';
import { withoutBidiControls } from '@siteseer/core';
import { type CheerioAPI, load } from 'cheerio/slim';
import type { CrawlerFields } from '../../repositories/crawler/crawlers.ts';
import { nodesOf, rootOf, select } from './dom-node.ts';
import { EXTRACT_LIMITS } from './limits.ts';
import { overNestingAt } from './nesting-guard.ts';
import { indexPage } from './page-index.ts';
import { baseUrlOf, canonicalOf, type PageLink, pageLinks } from './page-links.ts';
import { pageLanguage, pageMeta } from './page-meta.ts';
import { pageText } from './page-text.ts';
import { headerLines, type ResponseHeaders } from './response-headers.ts';
import { applyDirectives, applyRobotsHeader, type RobotsDirectives } from './robots-directives.ts';
import { assertSelector } from './selectors.ts';
import { normalizeSpace, truncateText } from './text.ts';

/** The page to extract and the engine's crawler settings that shape it. */
export interface ExtractOptions {
  /** The URL the page was fetched from (after redirects): relative links resolve against it. */
  url: string;
  /** CSS selector of the content; empty or absent for the body. */
  contentTarget?: string;
  /** CSS selectors of parts of the content to leave out. */
  excludeContentTargets?: readonly string[];
  /** CSS selector of the elements carrying custom tags; empty or absent for none. */
  customTagsSelector?: string;
  /** The attribute holding a custom tag's value; empty or absent for the element's text. */
  customTagsAttributeName?: string;
  /** The response's headers (X-Robots-Tag, Content-Language, Link). */
  headers?: ResponseHeaders;
}

/** What the crawler keeps of a page. */
export interface ExtractedPage {
  title: string;
  /** h1–h6 texts inside the content, in document order. */
  headings: string[];
  description: string;
  /** Canonical BCP 47 tag, or null when the page names none. */
  language: string | null;
  text: string;
  /** Whether `text` was cut: at `EXTRACT_LIMITS.textChars`, or where the page nests too deep. */
  textTruncated: boolean;
  customTags: string[];
  links: PageLink[];
  /** Whether links past `EXTRACT_LIMITS.links` were left out. */
  linksTruncated: boolean;
  /** The absolute canonical URL the page names (in its HTML or a Link header), or null. */
  canonical: string | null;
  robots: RobotsDirectives;
  /** The share of the content's text that is link text, 0 to 1 (page-text.ts `PageText.linkShare`). */
  linkShare: number;
  /** sha-256 (hex) of the text fields: equal for duplicate pages, changed when the content changed. */
  contentHash: string;
}

/** A crawler's settings that extraction reads. */
export type ExtractionSettings = Pick<
  CrawlerFields,
  | 'useContentTarget'
  | 'contentTarget'
  | 'useExcludeTarget'
  | 'excludeContentTargets'
  | 'customTagsSelector'
  | 'customTagsAttributeName'
>;

/** The options a crawler's settings extract pages with (besides a page's URL and headers). */
export function extractionSettings(settings: ExtractionSettings) {
  return {
    contentTarget: settings.useContentTarget ? settings.contentTarget : '',
    excludeContentTargets: settings.useExcludeTarget ? settings.excludeContentTargets : [],
    customTagsSelector: settings.customTagsSelector,
    customTagsAttributeName: settings.customTagsAttributeName,
  };
}

/**
 * The selectors of the options, trimmed (empty ones left out); throws an InputError naming the
 * setting when one is not valid CSS. The crawler's settings are checked with it when saved.
 */
export function checkedSelectors(
  options: Pick<ExtractOptions, 'contentTarget' | 'excludeContentTargets' | 'customTagsSelector'>,
): { contentTarget: string; excludeContentTargets: string[]; customTagsSelector: string } {
  const contentTarget = options.contentTarget?.trim() ?? '';
  const excludeContentTargets = (options.excludeContentTargets ?? []).filter((s) => s.trim() !== '');
  const customTagsSelector = options.customTagsSelector?.trim() ?? '';
  if (contentTarget !== '') assertSelector(contentTarget, 'content target');
  for (const selector of excludeContentTargets) assertSelector(selector, 'exclude target');
  if (customTagsSelector !== '') assertSelector(customTagsSelector, 'custom tags selector');
  return { contentTarget, excludeContentTargets, customTagsSelector };
}

/**
 * Extracts a page's searchable fields, links and directives from its HTML (already decoded to text
 * by the fetcher). Throws an InputError naming the setting when a selector is not valid CSS.
 */
export function extractPage(html: string, options: ExtractOptions): ExtractedPage {
  const { contentTarget, excludeContentTargets, customTagsSelector } = checkedSelectors(options);

  const overNesting = overNestingAt(html);
  const $ = load(overNesting === undefined ? html : html.slice(0, overNesting));
  const index = indexPage($);
  const meta = pageMeta($, index);
  // A page with no <body> (a fragment) is read whole.
  const body = index.body ?? rootOf($);
  const { headings, text, truncated, linkShare } = pageText($, body, {
    contentTarget,
    excludeContentTargets,
  });
  const base = baseUrlOf(index, options.url);
  const { links, truncated: linksTruncated } = pageLinks(index, base);
  const robots: RobotsDirectives = { noindex: false, nofollow: false };
  for (const list of meta.robots) applyDirectives(robots, list);
  applyRobotsHeader(robots, headerLines(options.headers, 'x-robots-tag'));

  // The title is shown as stored (the result's link, suggestions, every client of the search API),
  // so its bidi controls, which could make it read as another title, are dropped once, here. The
  // body is kept as written: it is shown only in snippets, which are stripped where shown.
  const title = cap(
    withoutBidiControls(meta.title || meta.ogTitle || headings[0] || ''),
    EXTRACT_LIMITS.titleChars,
  );
  const description = cap(meta.description, EXTRACT_LIMITS.descriptionChars);
  const customTags = customTagsSelector
    ? customTagValues($, customTagsSelector, options.customTagsAttributeName?.trim() ?? '')
    : [];
  const headerLanguage = headerLines(options.headers, 'content-language')[0] ?? '';
  return {
    title,
    headings,
    description,
    language: pageLanguage(index, meta.contentLanguage, headerLanguage),
    text,
    textTruncated: truncated || overNesting !== undefined,
    customTags,
    links,
    linksTruncated,
    canonical: canonicalOf(index, base, headerLines(options.headers, 'link')),
    robots,
    linkShare,
    contentHash: contentHash({ title, description, headings, text, customTags }),
  };
}

/**
 * The distinct values of the custom tag elements, in document order: the attribute's value, or the
 * element's text when no attribute is named.
 */
function customTagValues($: CheerioAPI, selector: string, attributeName: string): string[] {
  // The parser lowercases attribute names; settings typed as `data-Tag` must still match.
  const attribute = attributeName.toLowerCase();
  const values = new Set<string>();
  for (const node of nodesOf($, selector)) {
    if (values.size >= EXTRACT_LIMITS.customTags) break;
    const raw = attribute === '' ? select($, node).text() : (node.attribs?.[attribute] ?? '');
    const value = cap(raw, EXTRACT_LIMITS.customTagChars);
    if (value !== '') values.add(value);
  }
  return [...values];
}

type HashedFields = Pick<ExtractedPage, 'title' | 'description' | 'headings' | 'text' | 'customTags'>;

/** sha-256 of a fixed-order JSON array of the text fields: key order can never change the hash. */
export function contentHash(fields: HashedFields): string {
  const serialised = JSON.stringify([
    fields.title,
    fields.description,
    fields.headings,
    fields.text,
    fields.customTags,
  ]);
  return createHash('sha256').update(serialised).digest('hex');
}

function cap(text: string, max: number): string {
  return truncateText(normalizeSpace(text), max).text;
}
