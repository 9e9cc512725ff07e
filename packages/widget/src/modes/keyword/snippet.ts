import { withoutBidiControls } from '@siteseer/core';
import { h } from '../../dom/element.ts';

/*
 * The service sends each result's snippet as escaped text with the query's words in <mark>. The
 * widget still treats it as untrusted: it never parses it as HTML. It splits on the two exact tags
 * and decodes character references itself, so anything else (an unescaped <img onerror>, say)
 * stays visible text. Bidi controls the page wrote (as characters or as references) are dropped
 * after decoding: they would reorder the snippet and what follows it.
 */

const MARK_TAGS = /(<mark>|<\/mark>)/;
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes numeric references and the named ones an HTML escaper emits; others stay as written. */
export function decodeReferences(text: string): string {
  return text.replace(REFERENCE, (_, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? '';
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    // What the HTML parser does with NUL, surrogates and code points past Unicode.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/** The snippet as text nodes and `<mark>` elements, nothing else. */
export function snippetNodes(snippet: string): Node[] {
  const nodes: Node[] = [];
  let marked = false;
  for (const part of snippet.split(MARK_TAGS)) {
    if (part === '<mark>' || part === '</mark>') {
      marked = part === '<mark>';
      continue;
    }
    const text = withoutBidiControls(decodeReferences(part));
    if (text === '') continue;
    nodes.push(marked ? h('mark', {}, text) : document.createTextNode(text));
  }
  return nodes;
}
