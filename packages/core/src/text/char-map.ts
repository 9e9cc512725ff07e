import type { CharacterMapping } from '../domain/keyword.ts';

/** A text after character mapping, and where each of its positions was in the original. */
export interface MappedText {
  text: string;
  /**
   * For each UTF-16 position of `text` (and its end), the position in the original text it came
   * from: a replacement's characters all point at the start of what they replaced, and the end of
   * a replacement at the end of what it replaced. Null when nothing was mapped: each position is
   * its own (most pages: no identity map of a page's length is made for them).
   */
  origin: Int32Array | null;
}

/**
 * Core's `applyCharacterMapping` (one left-to-right pass, longest original first, output never
 * mapped again) that also keeps the offset map, so a highlight found in the mapped text lands on
 * the original text. Without mappings (or none found in the text) the text is its own map.
 */
export function mapCharacters(text: string, mappings: readonly CharacterMapping[]): MappedText {
  const byLength = mappings
    .filter((m) => m.original !== '')
    .sort((a, b) => b.original.length - a.original.length);
  if (byLength.length === 0 || !byLength.some((m) => text.includes(m.original)))
    return { text, origin: null };
  const firstChars = new Set(byLength.map((m) => m.original.charCodeAt(0)));
  let out = '';
  const origin: number[] = [];
  let index = 0;
  while (index < text.length) {
    const hit = firstChars.has(text.charCodeAt(index))
      ? byLength.find((m) => text.startsWith(m.original, index))
      : undefined;
    if (hit) {
      out += hit.mapped;
      for (let i = 0; i < hit.mapped.length; i++) origin.push(index);
      index += hit.original.length;
    } else {
      out += text[index];
      origin.push(index);
      index++;
    }
  }
  origin.push(text.length);
  return { text: out, origin: Int32Array.from(origin) };
}

/** The original span of a mapped span [start, end). */
export function originalSpan(mapped: MappedText, start: number, end: number): [number, number] {
  if (mapped.origin === null) return [start, Math.max(start, Math.min(end, mapped.text.length))];
  const from = mapped.origin[start] ?? 0;
  // The end of a span is where its last character ends: the origin of the next position.
  const to = end >= mapped.text.length ? (mapped.origin[mapped.text.length] ?? 0) : (mapped.origin[end] ?? 0);
  return [from, Math.max(from, to)];
}

interface CompiledMapping {
  pattern: RegExp;
  mapped: Map<string, string>;
}

const compiled = new WeakMap<readonly CharacterMapping[], CompiledMapping | null>();

/**
 * `mapCharacters(text, mappings).text` without the offset map, for indexing (a page's text is
 * mapped once and never highlighted from there): one regular expression of the originals, longest
 * first, so at each position the longest original wins as in core's one pass.
 */
export function mapText(text: string, mappings: readonly CharacterMapping[]): string {
  let found = compiled.get(mappings);
  if (found === undefined) {
    const mapped = new Map<string, string>();
    for (const { original, mapped: to } of mappings)
      if (original !== '' && !mapped.has(original)) mapped.set(original, to);
    const originals = [...mapped.keys()].sort((a, b) => b.length - a.length);
    found =
      originals.length === 0
        ? null
        : {
            pattern: new RegExp(
              originals.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
              'g',
            ),
            mapped,
          };
    compiled.set(mappings, found);
  }
  if (!found) return text;
  const { pattern, mapped } = found;
  return text.replace(pattern, (original) => mapped.get(original) ?? original);
}
