import { suggestionWords } from './suggestion-words.ts';

/**
 * An engine's blocked suggestion terms, made once per list: a term blocks every suggestion that
 * holds it as a word, or, for a term of several words, as those words in a row. "free" blocks
 * "free shipping" but not "freedom"; "gift card" blocks "buy gift card" but not "card gift".
 */
export class BlockList {
  /** Each term's words, by its first word: what a text's words are checked against. */
  readonly #byFirstWord = new Map<string, string[][]>();

  constructor(terms: readonly string[]) {
    for (const term of terms) {
      const words = suggestionWords(term);
      const [first] = words;
      if (first === undefined) continue;
      const list = this.#byFirstWord.get(first);
      if (list) list.push(words);
      else this.#byFirstWord.set(first, [words]);
    }
  }

  /** Whether nothing is blocked (most engines): callers skip the check. */
  get empty(): boolean {
    return this.#byFirstWord.size === 0;
  }

  /** Whether `words` (a suggestion's, see suggestionWords) hold a blocked term. */
  blocks(words: readonly string[]): boolean {
    if (this.empty) return false;
    for (let i = 0; i < words.length; i++) {
      const terms = this.#byFirstWord.get(words[i] as string);
      if (terms?.some((term) => term.every((word, k) => words[i + k] === word))) return true;
    }
    return false;
  }
}
