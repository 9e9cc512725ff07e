/**
 * htmlparser2 keeps its open elements with `Array#unshift`, so parsing costs the square of the
 * nesting depth: 20,000 unclosed `<div>`s take a second, the million a 5 MB page can hold would take
 * hours and stall a crawl worker. Browsers cap the depth too (Blink's parser at 512). This linear
 * scan finds where the page first nests deeper than the cap, so only the part before it is parsed.
 */
export const MAX_NESTING = 512;

/** Elements that never hold content. */
const VOID = new Set(
  'area base br col embed hr img input keygen link meta param source track wbr'.split(' '),
);
/** Elements the parser closes by itself when a sibling opens (`<p>a<p>b`, `<li>`, table cells). */
const SELF_CLOSING_SIBLINGS = new Set(
  'p li dt dd option optgroup tr td th tbody thead tfoot rt rp'.split(' '),
);
/** Elements whose content is raw text: a `<div>` inside a script's string is not an element. */
const RAW_TEXT = new Map(
  ['script', 'style', 'textarea', 'title', 'xmp'].map((name) => [name, new RegExp(`</${name}`, 'gi')]),
);

const TAG = /<(\/?)([a-zA-Z][^\s/>]*)/g;

/**
 * The offset where the page first opens an element deeper than `maxDepth` (unclosed elements
 * counted as open; those the parser closes itself not counted), or undefined when it never does.
 */
export function overNestingAt(html: string, maxDepth = MAX_NESTING): number | undefined {
  let depth = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const name = (match[2] as string).toLowerCase();
    if (VOID.has(name) || SELF_CLOSING_SIBLINGS.has(name)) continue;
    if (match[1] === '/') {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const close = RAW_TEXT.get(name);
    if (close) {
      close.lastIndex = TAG.lastIndex;
      if (!close.exec(html)) return undefined;
      TAG.lastIndex = close.lastIndex;
      continue;
    }
    if (++depth > maxDepth) return match.index;
  }
  return undefined;
}
