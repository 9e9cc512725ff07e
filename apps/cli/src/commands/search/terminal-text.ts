import { safeText } from '../../output/safe-text.ts';

/**
 * Text of crawled pages and uploaded rows, made safe and readable for a terminal. What a site
 * wrote reaches the screen: its control characters (an escape sequence could rewrite the screen,
 * move the cursor or set the window title) and bidirectional overrides (which reorder what is
 * shown) are dropped, and the snippet's only HTML (`<mark>` and entities) is read, not printed.
 */

/** One line of text for a terminal: unsafe characters dropped, runs of white space made one space. */
export function terminalText(text: string): string {
  return safeText(text).replace(/\s+/g, ' ').trim();
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function codePoint(value: number): string {
  const valid =
    Number.isInteger(value) && value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff);
  return valid ? String.fromCodePoint(value) : '\ufffd';
}

/** Decodes the character references an HTML-escaped text holds; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (reference, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return codePoint(Number.parseInt(body.slice(1), 10));
    return NAMED[body.toLowerCase()] ?? reference;
  });
}

/** A stretch of a snippet: plain text, marked when it matched the query. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * A result snippet (HTML-escaped text with the query's words in `<mark>` elements) as plain parts.
 * A `<mark>` written on the page itself arrives escaped (`&lt;mark&gt;`), so only the server's
 * marks split the text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>' || tag === '</mark>') {
      marked = tag === '<mark>';
      continue;
    }
    const text = safeText(decodeEntities(piece)).replace(/\s+/g, ' ');
    if (text !== '') parts.push({ text, marked });
  }
  return parts;
}

/**
 * A snippet as one line of plain text; `mark` styles the matched words (bold on a colour
 * terminal), each word on its own so that a style never spans a line break of `wrap`.
 */
export function snippetText(snippet: string, mark?: (text: string) => string): string {
  const styled = (text: string) => (mark ? text.replace(/[^ ]+/g, (word) => mark(word)) : text);
  return snippetParts(snippet)
    .map((part) => (part.marked ? styled(part.text) : part.text))
    .join('')
    .trim();
}

/** Words of `text` in lines of at most `width` characters (a longer word gets a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (word === '') continue;
    if (line !== '' && visibleLength(line) + 1 + visibleLength(word) > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The length of text as shown: ANSI style codes take no room. */
export function visibleLength(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape of the style codes it measures
  return text.replace(/\u001b\[[0-9;]*m/g, '').length;
}

/** Text cut to `max` characters, an ellipsis marking the cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
