import type { CheerioAPI } from 'cheerio/slim';
import { type DomNode, nodesOf } from './dom-node.ts';
import { EXTRACT_LIMITS } from './limits.ts';
import { normalizeSpace, truncateText } from './text.ts';

/** Elements whose content is never readable text, whatever the settings. */
const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'head',
  'title',
]);

/** Site chrome left out when no content target is set (`header` and `footer` see below). */
const CHROME = new Set(['nav', 'aside']);

/**
 * `header` and `footer` are the site's banner and footer only outside sectioning content (the
 * HTML-to-ARIA mapping's rule); an article's own header holds its title and date, which are content.
 */
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
const PAGE_LANDMARKS = new Set(['header', 'footer']);

/** Elements that run inside a line: no word break around them (`un<b>believ</b>able`). */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);

const HEADING = /^h[1-6]$/;

export interface TextScope {
  /** A CSS selector for the page's content; empty for the whole body. */
  contentTarget: string;
  /** CSS selectors of parts to leave out. */
  excludeContentTargets: readonly string[];
}

export interface PageText {
  /** h1–h6 texts inside the content, in document order. */
  headings: string[];
  /** The content's text, whitespace collapsed, at most `EXTRACT_LIMITS.textChars` characters. */
  text: string;
  /** Whether `text` was cut at the cap. */
  truncated: boolean;
  /**
   * The share of the content's visible characters that are the text of links (`<a href>`), 0 to 1:
   * near 1 for a table of contents, an index or a site map, low for an article (the keyword index
   * ranks such pages lower: keyword/index/fields.ts `hubFactor`).
   */
  linkShare: number;
}

/** Characters other than white space (C0 controls and the space, and no-break spaces). */
function visibleChars(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 32 && code !== 160) count++;
  }
  return count;
}

/** One step of the walk: a node to enter, or an element to leave. */
type Step = { node: DomNode; leave: boolean };

/**
 * The text and headings of the page's content: the content target's elements (outermost matches,
 * in document order) or, when the target is empty or matches nothing, `body`; minus the never-text
 * elements, the exclude targets, and the site chrome when the body is used.
 */
export function pageText($: CheerioAPI, body: DomNode, scope: TextScope): PageText {
  const targeted = scope.contentTarget.trim() === '' ? [] : nodesOf($, scope.contentTarget);
  const excluded = new Set(scope.excludeContentTargets.flatMap((selector) => nodesOf($, selector)));
  const roots = targeted.length > 0 ? outermost(targeted) : [body];
  const skipChrome = targeted.length === 0;

  const parts: string[] = [];
  const headings: string[] = [];
  // The heading being read and where its text starts in `parts`; a heading inside it is only text.
  let heading: DomNode | undefined;
  let headingStart = 0;
  let sectioningDepth = 0;
  // Characters read, and those inside a link: how much of the content is links.
  let chars = 0;
  let linkChars = 0;
  let link: DomNode | undefined;
  const steps: Step[] = roots.toReversed().map((node) => ({ node, leave: false }));
  for (let step = steps.pop(); step; step = steps.pop()) {
    const { node } = step;
    if (step.leave) {
      if (SECTIONING.has(node.name ?? '')) sectioningDepth--;
      if (node === link) link = undefined;
      if (node === heading) {
        const text = normalizeSpace(parts.slice(headingStart).join(''));
        if (text !== '' && headings.length < EXTRACT_LIMITS.headings)
          headings.push(truncateText(text, EXTRACT_LIMITS.headingChars).text);
        heading = undefined;
      }
      if (!INLINE.has(node.name ?? '')) parts.push(' ');
      continue;
    }
    if (node.type === 'text') {
      const data = node.data ?? '';
      parts.push(data);
      const visible = visibleChars(data);
      chars += visible;
      if (link !== undefined) linkChars += visible;
      continue;
    }
    const name = node.type === 'root' ? 'html' : node.name;
    if ((!isElement(node) && node.type !== 'root') || name === undefined) continue;
    if (NEVER_TEXT.has(name) || excluded.has(node)) continue;
    if (skipChrome && (CHROME.has(name) || (PAGE_LANDMARKS.has(name) && sectioningDepth === 0))) continue;
    if (name === 'br') {
      parts.push(' ');
      continue;
    }
    if (SECTIONING.has(name)) sectioningDepth++;
    if (!INLINE.has(name)) parts.push(' ');
    if (link === undefined && name === 'a' && node.attribs?.href !== undefined) link = node;
    if (heading === undefined && HEADING.test(name)) {
      heading = node;
      headingStart = parts.length;
    }
    steps.push({ node, leave: true });
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) steps.push({ node: children[i] as DomNode, leave: false });
  }
  const { text, truncated } = truncateText(normalizeSpace(parts.join('')), EXTRACT_LIMITS.textChars);
  return { headings, text, truncated, linkShare: chars === 0 ? 0 : linkChars / chars };
}

function isElement(node: DomNode): boolean {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** The matches that are not inside another match: a nested match would be read twice. */
function outermost(nodes: DomNode[]): DomNode[] {
  const set = new Set(nodes);
  return nodes.filter((node) => {
    for (let up = node.parent; up; up = up.parent) if (set.has(up)) return false;
    return true;
  });
}
