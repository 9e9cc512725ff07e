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

/**
 * The offset where the page first opens an element deeper than `maxDepth` (unclosed elements
 * counted as open; those the parser closes itself not counted), or undefined when it never does.
 * A hand scan with indexOf: a regex with captures costs twice as much on a 100 KB page.
 */
export function overNestingAt(html: string, maxDepth = MAX_NESTING): number | undefined {
  let depth = 0;
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) {
    const closing = html.charCodeAt(at + 1) === 47; // '/'
    const start = closing ? at + 2 : at + 1;
    let end = start;
    while (end < html.length && isNameChar(html.charCodeAt(end))) end++;
    if (end === start || !isLetter(html.charCodeAt(start))) continue;
    const name = html.slice(start, end).toLowerCase();
    if (VOID.has(name) || SELF_CLOSING_SIBLINGS.has(name)) continue;
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const close = RAW_TEXT.get(name);
    if (close) {
      close.lastIndex = end;
      if (!close.exec(html)) return undefined;
      at = close.lastIndex - 1;
      continue;
    }
    if (++depth > maxDepth) return at;
  }
  return undefined;
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** Letters, digits and '-' (custom elements): what tag names are made of. */
function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45;
}
