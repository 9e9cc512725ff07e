/**
 * Texts for tests that hold two readings of text to each other (the word scans against the
 * Unicode expression, the mapping against core's): made of pieces that trip word boundaries
 * (marks, astral letters, a lone surrogate, other digits, a version). Deterministic per seed.
 */
export const TRICKY_PIECES: readonly string[] = [
  ...'ab Z9 .,-_’\'"\tÉéü',
  'e\u0301',
  '😀',
  '𝐀',
  '日本',
  'Ω',
  'μ',
  '\uD800',
  '\u00A0',
  'ß',
  '٣',
];

/**
 * `count` texts of pieces of `alphabet`, each `length` pieces long, or of a random length under
 * `maxLength` pieces; the same texts for the same seed.
 */
export function randomTexts(
  alphabet: readonly string[],
  options: { count: number; seed: number } & ({ length: number } | { maxLength: number }),
): string[] {
  let seed = options.seed;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: options.count }, () => {
    const length = 'length' in options ? options.length : Math.floor(random() * options.maxLength);
    return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  });
}
