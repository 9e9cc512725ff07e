/**
 * The latency part's pages: N pages (50,000 by default) made from the Python manual's real text,
 * as a large documentation or support site is: page i takes a passage of doc page (i mod D), the
 * section headings around it, a title of a section and its page, a fifth of its sentences
 * swapped for sentences of other pages, and a reference code of its own (sites carry ids).
 * Deterministic: the same pages every run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractPage } from '@siteseer/test-support/crawler-extract';
import { prng } from './dataset.ts';
import { type DocPage, titleQuery } from './keyword-docs.ts';
import type { NewPage } from './keyword-store.ts';

export const LATENCY_PAGES = 50_000;
/** Where the generated pages claim to live (a reserved name: nothing is fetched from it). */
export const CORPUS_BASE = 'https://docs.test/';
/** Body text per page: a few KB, as most web pages have (the manual's median page has 10 KB). */
const BODY_MIN_CHARS = 1_000;
export const BODY_MAX_CHARS = 8_000;
/** Sphinx's sidebar headings: on every page, nobody's section. */
const CHROME_HEADINGS = new Set([
  'navigation',
  'table of contents',
  'previous topic',
  'next topic',
  'this page',
  'quick search',
]);

/** A doc page's text as the crawler extracts it, cut into sentences. */
export interface SourcePage {
  path: string;
  title: string;
  headings: string[];
  sentences: string[];
}

/** Sentences of a text: cut after . ! or ? followed by a space (good enough for prose). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 20);
}

/** The doc pages' texts, extracted by the crawler's own extraction from the files. */
export function sourcePages(root: string, pages: readonly DocPage[]): SourcePage[] {
  return pages.flatMap((page) => {
    const html = readFileSync(join(root, page.path), 'utf8');
    const extracted = extractPage(html, { url: `${CORPUS_BASE}${page.path}` });
    const headings = extracted.headings
      .map((h) => h.replace(/¶$/, '').trim())
      .filter((h) => h.length > 0 && !CHROME_HEADINGS.has(h.toLowerCase()));
    const sentences = sentencesOf(extracted.text);
    if (sentences.length < 3) return [];
    return [{ path: page.path, title: titleQuery(page.title), headings, sentences }];
  });
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'page'
  );
}

/** Page `i` of the corpus made from `sources`. */
function corpusPage(sources: readonly SourcePage[], i: number): NewPage {
  const random = prng(i * 2_246_822_519 + 3);
  const source = sources[i % sources.length] as SourcePage;
  const other = () => sources[Math.floor(random() * sources.length)] as SourcePage;
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  const target = BODY_MIN_CHARS + Math.floor(random() ** 2 * (BODY_MAX_CHARS - BODY_MIN_CHARS));
  const from = Math.floor(random() * source.sentences.length);
  const parts: string[] = [];
  let chars = 0;
  for (let n = 0; chars < target && n < 400; n++) {
    const own = source.sentences[(from + n) % source.sentences.length] as string;
    const sentence = random() < 0.2 ? pick(other().sentences) : own;
    const room = BODY_MAX_CHARS - chars;
    const cut = sentence.length > room ? sentence.slice(0, room) : sentence;
    parts.push(cut);
    chars += cut.length + 1;
  }
  const reference = `REF-${(i * 7_919 + 104_729).toString(36).toUpperCase()}`;
  parts.splice(Math.floor(random() * parts.length), 0, `Reference ${reference}.`);
  const at = source.headings.length > 0 ? Math.floor(random() * source.headings.length) : 0;
  const headings = source.headings.slice(at, at + 1 + Math.floor(random() * 4));
  const section = headings[0];
  const title = section && section !== source.title ? `${section} — ${source.title}` : source.title;
  return {
    url: `${CORPUS_BASE}${source.path.replace(/\.html$/, '')}/${i}-${slug(section ?? source.title)}`,
    title,
    headings,
    description: parts[0] ?? '',
    body: parts.join(' '),
  };
}

/** Pages 0..count-1 of the corpus, made as they are read (a few hundred MB in all). */
export function* corpusPages(sources: readonly SourcePage[], count = LATENCY_PAGES): Generator<NewPage> {
  if (sources.length === 0) throw new Error('No source page to make the corpus from');
  for (let i = 0; i < count; i++) yield corpusPage(sources, i);
}
