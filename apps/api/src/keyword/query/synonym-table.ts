import type { CharacterMapping, SynonymRule } from '@siteseer/core';
import { mapCharacters, tokenize } from '../analysis/index.ts';

/** A `from` phrase of the synonyms, as query words, and the phrases it also finds. */
export interface SynonymEntry {
  words: readonly string[];
  to: readonly (readonly string[])[];
}

/**
 * The synonyms ready for matching a query: entries by their first word, longest first. Phrases are
 * read as query text is (character mapping, then `tokenize`), so 'Wi-Fi' in the file matches the
 * query words 'wi fi'.
 */
export type SynonymTable = ReadonlyMap<string, readonly SynonymEntry[]>;

/** The words of a phrase, as the query's words are read. */
function phraseWords(phrase: string, mappings: readonly CharacterMapping[]): string[] {
  return tokenize(mapCharacters(phrase, mappings).text).map((token) => token.word);
}

/** Builds the table; rules sharing a `from` phrase add up their `to` phrases (first seen first). */
function buildSynonymTable(
  rules: readonly SynonymRule[],
  mappings: readonly CharacterMapping[],
): SynonymTable {
  const byPhrase = new Map<string, { words: string[]; to: Map<string, string[]> }>();
  for (const rule of rules) {
    const to = rule.to.map((phrase) => phraseWords(phrase, mappings)).filter((words) => words.length > 0);
    for (const phrase of rule.from) {
      const words = phraseWords(phrase, mappings);
      if (words.length === 0) continue;
      const key = words.join(' ');
      let entry = byPhrase.get(key);
      if (!entry) {
        entry = { words, to: new Map() };
        byPhrase.set(key, entry);
      }
      for (const target of to) {
        const targetKey = target.join(' ');
        // An equivalence group lists the phrase itself among its targets: it is what was typed.
        if (targetKey !== key && !entry.to.has(targetKey)) entry.to.set(targetKey, target);
      }
    }
  }
  const table = new Map<string, SynonymEntry[]>();
  for (const { words, to } of byPhrase.values()) {
    if (to.size === 0) continue;
    const first = words[0] as string;
    const entries = table.get(first) ?? [];
    entries.push({ words, to: [...to.values()] });
    table.set(first, entries);
  }
  for (const entries of table.values()) entries.sort((a, b) => b.words.length - a.words.length);
  return table;
}

const cache = new WeakMap<
  readonly SynonymRule[],
  { mappings: readonly CharacterMapping[]; table: SynonymTable }
>();

/**
 * The table of an engine's rules, built once per rules list and mappings (the runtime keeps both
 * per engine, so a search only looks up).
 */
export function synonymTableOf(
  rules: readonly SynonymRule[],
  mappings: readonly CharacterMapping[],
): SynonymTable {
  const known = cache.get(rules);
  if (known && known.mappings === mappings) return known.table;
  const table = buildSynonymTable(rules, mappings);
  cache.set(rules, { mappings, table });
  return table;
}

/** The longest entry whose words are `words[start...]`, or undefined. */
export function longestMatch(
  table: SynonymTable,
  words: readonly string[],
  start: number,
): SynonymEntry | undefined {
  const entries = table.get(words[start] ?? '');
  return entries?.find(
    (entry) =>
      start + entry.words.length <= words.length &&
      entry.words.every((word, offset) => words[start + offset] === word),
  );
}
