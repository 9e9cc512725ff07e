/**
 * The text typed with some of its slots' words replaced by a correction (did-you-mean), each where
 * it was typed (`spans`, from `parseSpannedQuery`); everything else stays as typed. A word typed in
 * capitals, or with a capital first letter, keeps them: 'Resistr' becomes 'Resistor'.
 */
export function correctedText(
  text: string,
  spans: readonly (readonly [number, number])[],
  words: readonly { slot: number; word: string }[],
): string {
  const replacements = words
    .flatMap(({ slot, word }) => {
      const span = spans[slot];
      return span ? [{ start: span[0], end: span[1], word }] : [];
    })
    .sort((a, b) => b.start - a.start);
  let corrected = text;
  for (const { start, end, word } of replacements) {
    corrected = `${corrected.slice(0, start)}${likeTyped(corrected.slice(start, end), word)}${corrected.slice(end)}`;
  }
  return corrected;
}

/** `word` in the case `typed` was written in. */
function likeTyped(typed: string, word: string): string {
  const upper = typed.toUpperCase();
  if (typed.length > 1 && typed === upper && typed !== typed.toLowerCase()) return word.toUpperCase();
  const first = typed.charAt(0);
  if (first !== first.toLowerCase()) return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  return word;
}
