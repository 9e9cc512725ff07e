import { INSPECT_EXCERPT_CHARS, type UrlInspection } from '@siteseer/core';
import type { Crawler } from '../../repositories/crawler/crawlers.ts';
import type { DocumentOutcome, DocumentTask } from '../extract/documents/index.ts';
import type { ExtractOptions } from '../extract/extract-page.ts';
import {
  documentTypeOf,
  documentTypeOffReason,
  type ExtractedPage,
  extractionSettings,
} from '../extract/index.ts';
import { headerLines } from '../extract/response-headers.ts';
import { applyRobotsHeader } from '../extract/robots-directives.ts';
import type { FetchOutcome } from '../fetch/index.ts';
import { CHROMIUM_MISSING, type PageRenderer } from '../render/index.ts';
import { canonicalIdentity, type UrlScope } from '../rules/index.ts';
import { statusReason } from './sentences.ts';

/** The fields of an inspection the crawler's steps fill (the rest come from the published crawl). */
type ReadFields = Omit<
  UrlInspection,
  'url' | 'checkedAt' | 'indexable' | 'inPublishedCrawl' | 'reasons' | 'notes' | 'duplicateOf' | 'publication'
>;

/** What the crawler's steps made of the URL, as the inspection builds it up. */
export interface Reading {
  /** The URL's key (the crawler's identity of it). */
  urlKey: string;
  /** The key the crawler would save the page under: its canonical URL's, or where it redirects. */
  identityKey: string;
  /** Why the page would not be indexed, in plain sentences. */
  reasons: string[];
  /** What else the owner should know (a redirect followed, a canonical URL...). */
  notes: string[];
  fields: ReadFields;
}

/** The crawl's rules the reading applies, as the crawl loop has them. */
export interface ReadingRules {
  crawler: Crawler;
  scope: UrlScope;
  /** The crawler's key of a URL; undefined for one it refuses. */
  key: (url: string) => string | undefined;
  /** The crawl loop's extraction (off the event loop). */
  extract: (html: string, options: ExtractOptions) => Promise<ExtractedPage>;
  /** The crawl loop's reading of a document (PDF, DOCX…), off the event loop too. */
  readDocument: (task: DocumentTask) => Promise<DocumentOutcome>;
  /**
   * Renders an HTML page in Chromium as the crawl loop does (crawl-url.ts `rendered`), signed in to
   * its site; undefined where this server has no Chromium.
   */
  render: ((html: string, url: string) => ReturnType<PageRenderer['render']>) | undefined;
}

/**
 * Explains the answer of the fetch as the crawl loop records it (crawl-url.ts `UrlCrawl.outcome`
 * `page` and `document`): redirects followed (their target crawled when in scope), the status, a
 * document read when the engine's document types allow it, a page that is neither, and for an HTML
 * page or a document read its extraction, noindex, nofollow and canonical URL.
 */
export async function explainOutcome(
  reading: Reading,
  outcome: FetchOutcome,
  rules: ReadingRules,
): Promise<void> {
  const { fields } = reading;
  fields.redirects = outcome.redirects.map(({ url, status, location }) => ({ url, status, location }));
  fields.finalUrl = outcome.url;
  if (outcome.kind === 'timeout' || outcome.kind === 'fetch-failed') {
    fields.fetchError = outcome.reason;
    reading.reasons.push(`The crawler could not fetch it: ${outcome.reason}.`);
    return;
  }
  fields.status = outcome.status;
  fields.contentType = outcome.contentType;
  let pageUrl = { url: outcome.url, urlKey: reading.urlKey };
  if (outcome.redirects.length > 0) {
    const targetKey = rules.key(outcome.url);
    if (!rules.scope(outcome.url) || targetKey === undefined) {
      reading.reasons.push(
        `It redirects to ${outcome.url}, outside the engine's sites and URL filters: the crawler does not follow it there.`,
      );
      return;
    }
    reading.notes.push(`It redirects to ${outcome.url}: the crawler follows it and reads the page there.`);
    reading.identityKey = targetKey;
    pageUrl = { url: outcome.url, urlKey: targetKey };
  }
  if (outcome.kind !== 'page') {
    reading.reasons.push(statusReason(outcome.status));
    return;
  }
  if (outcome.body.kind !== 'html') {
    const document = documentTypeOf(outcome.contentType, outcome.url, outcome.headers);
    if (document === undefined) {
      const type = outcome.contentType?.split(';')[0] ?? 'no content type';
      reading.reasons.push(
        `Its content type is ${type}, neither HTML nor a document the crawler reads: it is not indexed.`,
      );
      return;
    }
    if (!rules.crawler.documentTypes.includes(document)) {
      reading.reasons.push(documentTypeOffReason(document));
      return;
    }
    const read = await rules.readDocument({
      bytes: outcome.body.bytes,
      type: document,
      headers: outcome.headers,
    });
    if (read.kind === 'refused') {
      reading.reasons.push(read.reason);
      return;
    }
    explainPage(reading, read.page, outcome.headers, pageUrl, rules);
    return;
  }
  const html = await readHtml(reading, outcome.body.text, outcome.url, rules);
  if (html === undefined) return;
  let page: ExtractedPage;
  try {
    page = await rules.extract(html, {
      url: outcome.url,
      ...extractionSettings(rules.crawler),
      headers: outcome.headers,
    });
  } catch (error) {
    // A selector of the settings that fails names itself, as in the crawl report.
    reading.reasons.push((error as Error).message);
    return;
  }
  explainPage(reading, page, outcome.headers, pageUrl, rules);
}

/**
 * The HTML the crawl loop reads of a page (crawl-url.ts `outcome` and `rendered`): as fetched, or,
 * for an engine that renders JavaScript, the DOM once its scripts ran, with what the page was
 * refused in the report's words; undefined when the browser did not load it (the crawl records it
 * Timeout or Failed and reads nothing). Without Chromium the page is read as fetched, as the crawl
 * then reads it, and that is a reason: search gets the shell, not the page rendering was turned on for.
 */
async function readHtml(
  reading: Reading,
  html: string,
  url: string,
  rules: ReadingRules,
): Promise<string | undefined> {
  const { fields } = reading;
  if (!rules.crawler.renderJavaScript) {
    fields.rendering = 'off';
    return html;
  }
  if (!rules.render) {
    fields.rendering = 'unavailable';
    reading.reasons.push(`It was read without rendering: ${CHROMIUM_MISSING}`);
    return html;
  }
  const rendering = await rules.render(html, url);
  fields.rendering = rendering.kind;
  reading.notes.push(...rendering.notes);
  if (rendering.kind === 'rendered') return rendering.html;
  reading.reasons.push(rendering.reason);
  return undefined;
}

/** Word count, excerpt, directives and canonical URL of an extracted page. */
function explainPage(
  reading: Reading,
  page: ExtractedPage,
  headers: Parameters<typeof headerLines>[0],
  pageUrl: { url: string; urlKey: string },
  rules: ReadingRules,
): void {
  const { fields } = reading;
  fields.title = page.title;
  fields.excerpt = excerptOf(page.text);
  fields.wordCount = page.text.split(/\s+/).filter((word) => word !== '').length;
  fields.contentHash = page.contentHash;
  fields.nofollow = page.robots.nofollow;
  fields.noindex = page.robots.noindex;
  fields.canonical = page.canonical;
  if (page.robots.noindex) {
    const byHeader = { noindex: false, nofollow: false };
    applyRobotsHeader(byHeader, headerLines(headers, 'x-robots-tag'));
    fields.noindexSource = byHeader.noindex ? 'header' : 'meta';
    reading.reasons.push(
      byHeader.noindex
        ? 'The page asks not to be indexed: its X-Robots-Tag header says noindex.'
        : 'The page asks not to be indexed: its robots meta tag says noindex.',
    );
  }
  if (page.robots.nofollow) reading.notes.push('Its links are not followed: the page says nofollow.');
  const canonical = canonicalIdentity(pageUrl, page.canonical, rules.scope, rules.key);
  if (canonical) {
    reading.identityKey = canonical.key;
    reading.notes.push(`Indexed as its canonical URL ${canonical.url}.`);
  } else if (page.canonical !== null && rules.key(page.canonical) !== pageUrl.urlKey) {
    reading.notes.push(
      `Its canonical URL ${page.canonical} is outside the engine's sites and URL filters: the page is indexed under its own URL.`,
    );
  }
  if (page.text === '' && fields.contentTarget !== '') {
    reading.notes.push(`The content target "${fields.contentTarget}" holds no text on this page.`);
  } else if (page.text === '') {
    reading.notes.push('The page has no text: only its title can be found.');
  }
}

/** The first INSPECT_EXCERPT_CHARS characters of the text, never half a surrogate pair. */
function excerptOf(text: string): string {
  const cut = text.slice(0, INSPECT_EXCERPT_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
