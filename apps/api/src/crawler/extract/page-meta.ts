import type { CheerioAPI } from 'cheerio/slim';
import { hasAncestor, select } from './dom-node.ts';
import type { PageIndex } from './page-index.ts';
import { CRAWLER_TOKEN } from './robots-directives.ts';
import { normalizeSpace } from './text.ts';

/** What the page's `<title>` and `<meta>` elements say, whitespace collapsed. */
export interface PageMeta {
  title: string;
  ogTitle: string;
  description: string;
  /** The `content` of `<meta name=robots>` and `<meta name=siteseerbot>`, in document order. */
  robots: string[];
  contentLanguage: string;
}

/** Reads the page's title and meta elements in one pass (broken pages put them in the body too). */
export function pageMeta($: CheerioAPI, index: PageIndex): PageMeta {
  // An icon's `<svg><title>` is a tooltip, not the page's title.
  const title = index.titles.find((node) => !hasAncestor(node, 'svg'));
  const meta: PageMeta = {
    title: title ? normalizeSpace(select($, title).text()) : '',
    ogTitle: '',
    description: '',
    robots: [],
    contentLanguage: '',
  };
  let ogDescription = '';
  for (const node of index.metas) {
    const attribs = node.attribs ?? {};
    if (attribs.content === undefined) continue;
    const content = normalizeSpace(attribs.content ?? '');
    const name = (attribs.name ?? attribs.property ?? '').toLowerCase();
    if (name === 'description' && meta.description === '') meta.description = content;
    else if (name === 'og:description' && ogDescription === '') ogDescription = content;
    else if (name === 'og:title' && meta.ogTitle === '') meta.ogTitle = content;
    else if (name === 'robots' || name === CRAWLER_TOKEN) meta.robots.push(content);
    if ((attribs['http-equiv'] ?? '').toLowerCase() === 'content-language' && meta.contentLanguage === '')
      meta.contentLanguage = content;
  }
  if (meta.description === '') meta.description = ogDescription;
  return meta;
}

/**
 * The page's language as a canonical BCP 47 tag (`en-US`): the first valid one of `<html lang>`,
 * `<meta http-equiv=content-language>` and the Content-Language header (its first language); null
 * when none names one.
 */
export function pageLanguage(index: PageIndex, metaLanguage: string, headerLanguage: string): string | null {
  return firstLanguage([index.html?.attribs?.lang ?? '', metaLanguage, headerLanguage]);
}

/**
 * The first valid language of `candidates` (of a list, its first), as a canonical BCP 47 tag; null
 * when none is one. A document's language is read with it too.
 */
export function firstLanguage(candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    const tag = candidate.split(',')[0]?.trim() ?? '';
    if (tag !== '' && isLanguageTag(tag)) return Intl.getCanonicalLocales(tag)[0] ?? null;
  }
  return null;
}

function isLanguageTag(tag: string): boolean {
  try {
    Intl.getCanonicalLocales(tag);
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}
