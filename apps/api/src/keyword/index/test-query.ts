import type { BackendQuery } from '../backend.ts';

/** A backend query of plain words (the last a prefix when asked), all tabs, no rules. */
export function wordsQuery(
  words: readonly string[],
  options: { prefix?: boolean; limit?: number } = {},
): BackendQuery {
  return {
    slots: words.map((word, n) => ({
      alternatives: [{ words: [word], weight: 1 }],
      prefix: options.prefix === true && n === words.length - 1,
    })),
    tabs: [],
    tab: null,
    boosts: [],
    exclude: [],
    offset: 0,
    limit: options.limit ?? 10,
  };
}
