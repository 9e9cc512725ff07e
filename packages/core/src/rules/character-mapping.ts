import type { CharacterMapping } from '../domain/keyword.ts';
import { characterMappingDuplicateMessage, characterMappingMalformedMessage } from './messages.ts';

/** Parsed mapping text: the valid pairs in order, and one message per malformed or repeated pair. */
export interface ParsedCharacterMapping {
  mappings: CharacterMapping[];
  errors: string[];
}

const ARROW = '=>';

/**
 * Parses the character mapping text: pairs 'original => mapped' separated by commas (e.g. the
 * default "’ => ', Ω => ohm, μ => u"). Each side is trimmed; the original must not be empty, the
 * mapped side may be (the original is then removed). Empty pieces (a trailing comma) are skipped.
 * A piece without exactly one '=>' is malformed; an original already mapped is reported, first
 * wins. Because ',' separates and '=>' splits, neither can be mapped, nor can leading or trailing
 * spaces of a side.
 */
export function parseCharacterMapping(text: string): ParsedCharacterMapping {
  const result: ParsedCharacterMapping = { mappings: [], errors: [] };
  const seen = new Set<string>();
  for (const piece of text.split(',')) {
    const pair = piece.trim();
    if (pair === '') continue;
    const sides = pair.split(ARROW);
    const original = sides[0]?.trim() ?? '';
    if (sides.length !== 2 || original === '') {
      result.errors.push(characterMappingMalformedMessage(pair));
      continue;
    }
    if (seen.has(original)) {
      result.errors.push(characterMappingDuplicateMessage(original));
      continue;
    }
    seen.add(original);
    result.mappings.push({ original, mapped: sides[1]?.trim() ?? '' });
  }
  return result;
}

/** The text of mappings, in the spec's spelling: 'a => b, c => d'. */
export function formatCharacterMapping(mappings: readonly CharacterMapping[]): string {
  return mappings.map(({ original, mapped }) => `${original} => ${mapped}`).join(', ');
}

/**
 * Applies mappings to a text in one left-to-right pass, trying the longest original first at each
 * position: output is never mapped again (mapping 'a => b, b => c' turns 'a' into 'b', not 'c'), and
 * a longer original wins over its prefix. Matching is exact (case-sensitive): 'Ω' and 'ω' differ.
 */
export function applyCharacterMapping(text: string, mappings: readonly CharacterMapping[]): string {
  const byLength = [...mappings]
    .filter((m) => m.original !== '')
    .sort((a, b) => b.original.length - a.original.length);
  if (byLength.length === 0) return text;
  let out = '';
  let index = 0;
  while (index < text.length) {
    const hit = byLength.find((m) => text.startsWith(m.original, index));
    if (hit) {
      out += hit.mapped;
      index += hit.original.length;
    } else {
      const char = String.fromCodePoint(text.codePointAt(index) ?? 0);
      out += char;
      index += char.length;
    }
  }
  return out;
}
