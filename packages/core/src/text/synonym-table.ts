import type { CharacterMapping } from '../domain/keyword.ts';
import type { SynonymRule } from '../rules/synonyms.ts';
import { mapCharacters } from './char-map.ts';
import { tokenize } from './tokens.ts';

/**
 * Alternatives of one query slot (what was typed first): a huge synonym group must not flood a
 * search. The search runtime and the portal's try box both cut at it.
 */
export const MAX_SLOT_ALTERNATIVES = 16;

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

/** A span of a query's words: the words typed and, when a synonym phrase matches them, what they also find. */
export interface SynonymSpan {
  words: string[];
  also: string[][];
}

/**
 * What the synonyms make of a query's words, as the search runtime reads them: character mapping,
 * the runtime's tokenizer, then left to right the longest synonym phrase at each word, its
 * synonyms cut at MAX_SLOT_ALTERNATIVES. The portal's Synonyms step shows it in its try box.
 */
export function expandSynonyms(
  text: string,
  rules: readonly SynonymRule[],
  mappings: readonly CharacterMapping[],
): SynonymSpan[] {
  const words = tokenize(mapCharacters(text, mappings).text).map((token) => token.word);
  const table = synonymTableOf(rules, mappings);
  const spans: SynonymSpan[] = [];
  let index = 0;
  while (index < words.length) {
    const entry = table.size > 0 ? longestMatch(table, words, index) : undefined;
    const span = entry ? entry.words.length : 1;
    spans.push({
      words: words.slice(index, index + span),
      also: (entry?.to ?? []).slice(0, MAX_SLOT_ALTERNATIVES - 1).map((to) => [...to]),
    });
    index += span;
  }
  return spans;
}
