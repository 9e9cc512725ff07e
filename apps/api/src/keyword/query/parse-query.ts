import {
  type CharacterMapping,
  longestMatch,
  MAX_SLOT_ALTERNATIVES,
  type SynonymRule,
  type SynonymTable,
  synonymTableOf,
} from '@siteseer/core';
import { isOwnWordCodePoint, mapCharacters, originalSpan, type Token, tokenize } from '../analysis/index.ts';
import type { QueryAlternative, QuerySlot } from '../backend.ts';

export { MAX_SLOT_ALTERNATIVES };

/** Slots a query is cut to: past this, words add cost and no precision. */
export const MAX_QUERY_SLOTS = 32;
/** What a synonym scores relative to the words typed. */
const SYNONYM_WEIGHT = 0.8;

export interface KeywordQueryOptions {
  mappings: readonly CharacterMapping[];
  /** The engine's rules (core's `parseSynonyms`); pass the same list each time to reuse its table. */
  synonyms: readonly SynonymRule[];
}

export interface ParsedKeywordQuery {
  slots: QuerySlot[];
  /** The query's words joined by one space, lowercased: what pins and analytics compare. */
  normalised: string;
}

/** A parsed query and where each slot was typed in the text, [start, end): what a correction replaces. */
export interface SpannedKeywordQuery extends ParsedKeywordQuery {
  spans: [number, number][];
}

/** A slot and the first and last of its tokens. */
interface TypedSlot {
  slot: QuerySlot;
  first: Token;
  last: Token;
}

/**
 * Quote characters: the ASCII one and the typographic ones phone keyboards put in instead.
 * Each toggles a phrase; an unclosed phrase runs to the end of the query.
 */
const QUOTES = /["“”„]/g;

interface Run {
  tokens: Token[];
  quoted: boolean;
}

/**
 * Reads a keyword query into the backend's slots (grammar in this folder's README): character
 * mapping first, then words as the index reads them; a quoted phrase is one slot; unquoted spans
 * matching a synonym's phrase (longest first, left to right) are one slot with the synonyms as
 * alternatives; the last word is a prefix when it ends the text outside quotes.
 */
export function parseKeywordQuery(text: string, options: KeywordQueryOptions): ParsedKeywordQuery {
  const { slots, normalised } = parseSpannedQuery(text, options);
  return { slots, normalised };
}

/** `parseKeywordQuery`, with where each slot was typed. */
export function parseSpannedQuery(text: string, options: KeywordQueryOptions): SpannedKeywordQuery {
  const mappedText = mapCharacters(text, options.mappings);
  const mapped = mappedText.text;
  const tokens = tokenize(mapped);
  const normalised = tokens.map((token) => token.word).join(' ');
  const runs = runsOf(mapped, tokens);
  const last = tokens.at(-1);
  const prefixToken = last && last.end === mapped.length && !runs.at(-1)?.quoted ? last : undefined;
  const table = synonymTableOf(options.synonyms, options.mappings);

  const typed: TypedSlot[] = [];
  for (const run of runs) {
    if (run.quoted) {
      typed.push({
        slot: { alternatives: [{ words: run.tokens.map((t) => t.word), weight: 1 }], phrase: true },
        first: run.tokens[0] as Token,
        last: run.tokens.at(-1) as Token,
      });
    } else {
      typed.push(...wordSlots(run.tokens, table, prefixToken));
    }
  }
  const kept = typed.slice(0, MAX_QUERY_SLOTS);
  return {
    slots: kept.map((entry) => entry.slot),
    normalised,
    spans: kept.map((entry) => originalSpan(mappedText, entry.first.start, entry.last.end)),
  };
}

/** The query as pins and analytics compare it (the `normalised` of `parseKeywordQuery`). */
export function normaliseQuery(text: string, mappings: readonly CharacterMapping[]): string {
  return tokenize(mapCharacters(text, mappings).text)
    .map((token) => token.word)
    .join(' ');
}

/** The tokens grouped into runs in and out of quotes, in order; runs without words are left out. */
function runsOf(text: string, tokens: readonly Token[]): Run[] {
  const quotes = [...text.matchAll(QUOTES)].map((match) => match.index);
  const runs: Run[] = [];
  let quoteIndex = 0;
  let quoted = false;
  let current: Run | undefined;
  for (const token of tokens) {
    while (quoteIndex < quotes.length && (quotes[quoteIndex] as number) < token.start) {
      quoted = !quoted;
      quoteIndex++;
      current = undefined;
    }
    if (!current) {
      current = { tokens: [], quoted };
      runs.push(current);
    }
    current.tokens.push(token);
  }
  return runs;
}

/** Whether the token is a Chinese or Japanese character, a word of its own (analysis' word-chars.ts). */
function isOwnWord(token: Token): boolean {
  const code = token.word.codePointAt(0) as number;
  return token.word.length === (code > 0xffff ? 2 : 1) && isOwnWordCodePoint(code);
}

/**
 * One slot per word, or per span matching a synonym phrase, or per run of Chinese or Japanese
 * characters written together (a phrase: the characters of a word, which are words of their own).
 */
function wordSlots(
  tokens: readonly Token[],
  table: SynonymTable,
  prefixToken: Token | undefined,
): TypedSlot[] {
  const words = tokens.map((token) => token.word);
  const slots: TypedSlot[] = [];
  let index = 0;
  while (index < words.length) {
    const entry = table.size > 0 ? longestMatch(table, words, index) : undefined;
    if (!entry && isOwnWord(tokens[index] as Token)) {
      let end = index + 1;
      while (
        end < tokens.length &&
        isOwnWord(tokens[end] as Token) &&
        (tokens[end] as Token).start === (tokens[end - 1] as Token).end
      )
        end++;
      if (end - index > 1) {
        slots.push({
          slot: { alternatives: [{ words: words.slice(index, end), weight: 1 }], phrase: true },
          first: tokens[index] as Token,
          last: tokens[end - 1] as Token,
        });
        index = end;
        continue;
      }
    }
    const span = entry ? entry.words.length : 1;
    const typed = words.slice(index, index + span);
    const alternatives: QueryAlternative[] = [{ words: typed, weight: 1 }];
    for (const to of entry?.to ?? []) {
      if (alternatives.length >= MAX_SLOT_ALTERNATIVES) break;
      alternatives.push({ words: to, weight: SYNONYM_WEIGHT });
    }
    const prefix = prefixToken !== undefined && tokens.slice(index, index + span).includes(prefixToken);
    slots.push({
      slot: prefix ? { alternatives, prefix: true } : { alternatives },
      first: tokens[index] as Token,
      last: tokens[index + span - 1] as Token,
    });
    index += span;
  }
  return slots;
}
