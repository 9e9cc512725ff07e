/**
 * The latency part's queries, made from the corpus's own sentences: what visitors type into a
 * site's search box, in a fixed mix of kinds. Deterministic: query i is the same every run.
 */
import { prng } from './dataset.ts';
import type { SourcePage } from './keyword-corpus.ts';

export const QUERY_KINDS = ['exact', 'multi-word', 'prefix', 'typo-1', 'typo-2', 'question'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
/**
 * Share of each kind in the mix (sums to 1). Questions (a whole sentence typed, as more and more
 * visitors do) are searched as "some of the words" and cost the most: a tenth of the mix.
 */
const MIX: Record<QueryKind, number> = {
  exact: 0.2,
  'multi-word': 0.2,
  prefix: 0.25,
  'typo-1': 0.15,
  'typo-2': 0.1,
  question: 0.1,
};
/** How visitors open a question: the opening's words are function words the index leaves out. */
const QUESTION_OPENINGS = ['how do i', 'how to', 'what is the', 'why does the', 'can i', 'where is the'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export interface MixQuery {
  kind: QueryKind;
  q: string;
}

/** Lower-case words of letters only: what the queries are made of (no code, no numbers). */
function wordsOf(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3);
}

/** One typing mistake at `at`: a letter replaced, dropped, added, or swapped with the next. */
function editAt(word: string, at: number, random: () => number): string {
  const other = (not: string) => {
    const c = LETTERS[Math.floor(random() * LETTERS.length)] as string;
    return c === not ? (LETTERS[(LETTERS.indexOf(c) + 1) % LETTERS.length] as string) : c;
  };
  const letter = word[at] as string;
  const next = word[at + 1];
  switch (Math.floor(random() * 4)) {
    case 0:
      return `${word.slice(0, at)}${word.slice(at + 1)}`;
    case 1:
      return `${word.slice(0, at)}${other(letter)}${word.slice(at)}`;
    case 2:
      // Swapping two equal letters changes nothing: replace the letter then.
      if (next !== undefined && next !== letter)
        return `${word.slice(0, at)}${next}${letter}${word.slice(at + 2)}`;
      return `${word.slice(0, at)}${other(letter)}${word.slice(at + 1)}`;
    default:
      return `${word.slice(0, at)}${other(letter)}${word.slice(at + 1)}`;
  }
}

/**
 * `word` with `edits` typing mistakes (`editAt`), each in its own stretch of the word and never on
 * the first letter (people rarely get that one wrong), so the answer is `edits` edits
 * (Damerau–Levenshtein) from `word`. Needs a word of at least 3 letters per edit.
 */
export function misspell(word: string, edits: number, random: () => number): string {
  const stretch = (word.length - 1) / edits;
  let out = word;
  // The last stretch first: an edit changes the length after it, never the positions before it.
  for (let e = edits - 1; e >= 0; e--) {
    const from = 1 + Math.floor(e * stretch);
    const to = Math.max(from, Math.floor((e + 1) * stretch) - 1);
    out = editAt(out, from + Math.floor(random() * (to - from + 1)), random);
  }
  return out;
}

function kindOf(x: number): QueryKind {
  let sum = 0;
  for (const kind of QUERY_KINDS) {
    sum += MIX[kind];
    if (x < sum) return kind;
  }
  return 'question';
}

/** Query `i` of the mix over the corpus's sources. */
export function mixQuery(sources: readonly SourcePage[], i: number): MixQuery {
  const random = prng(i * 40_503 + 7);
  const kind = kindOf(random());
  const sentenceWords = (min: number) => {
    for (;;) {
      const source = sources[Math.floor(random() * sources.length)] as SourcePage;
      const words = wordsOf(source.sentences[Math.floor(random() * source.sentences.length)] as string);
      if (words.length >= min) return words;
    }
  };
  const longWord = (min: number) => {
    for (;;) {
      const long = sentenceWords(1).filter((w) => w.length >= min);
      if (long.length > 0) return long[Math.floor(random() * long.length)] as string;
    }
  };
  switch (kind) {
    case 'exact':
      return { kind, q: longWord(4) };
    case 'multi-word':
    case 'prefix': {
      const words = sentenceWords(4);
      const n = 2 + Math.floor(random() * 2);
      const from = Math.floor(random() * (words.length - n + 1));
      const picked = words.slice(from, from + n);
      if (kind === 'multi-word') return { kind, q: picked.join(' ') };
      const last = picked.at(-1) as string;
      // At least 2 letters typed and at least one still to type, when the word allows.
      const typed = Math.max(2, Math.min(last.length - 1, 2 + Math.floor(random() * 4)));
      return { kind, q: [...picked.slice(0, -1), last.slice(0, typed)].join(' ') };
    }
    case 'typo-1':
      return { kind, q: misspell(longWord(5), 1, random) };
    case 'typo-2':
      return { kind, q: misspell(longWord(8), 2, random) };
    case 'question': {
      // An opening and 4 to 7 words of one sentence: 'how do i read or write a file see open?'
      const words = sentenceWords(4);
      const n = Math.min(words.length, 4 + Math.floor(random() * 4));
      const from = Math.floor(random() * (words.length - n + 1));
      const opening = QUESTION_OPENINGS[Math.floor(random() * QUESTION_OPENINGS.length)] as string;
      return { kind, q: `${opening} ${words.slice(from, from + n).join(' ')}?` };
    }
  }
}
