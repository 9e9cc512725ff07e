import { createHash } from 'node:crypto';
import {
  type CharacterMapping,
  type Client,
  DEFAULT_CHARACTER_MAPPING,
  formatCharacterMapping,
  KeywordClientSettings,
  parseCharacterMapping,
  parseSynonyms,
  type SynonymRule,
} from '@siteseer/core';
import { NotFoundError } from '../../errors.ts';
import { type EngineSearchSettings, findLiveKeywordClient } from '../../repositories/keyword/live-clients.ts';
import type { AnswerCaches } from '../../serving/answer-cache.ts';
import type { LiveClients } from '../../serving/live-clients.ts';
import type { SearchSource } from '../../serving/search-source.ts';
import type { GenerationKey } from '../backend.ts';

/** What a generation of an engine is indexed from: its crawl run and the character mapping. */
export interface Generation {
  key: GenerationKey;
  runId: string;
  mappings: readonly CharacterMapping[];
}

/** A keyword engine whose crawl is published, found by its client id (public: sites call with it). */
export interface LiveKeyword {
  client: Client;
  settings: KeywordClientSettings;
  engineName: string;
  generation: Generation;
  synonyms: readonly SynonymRule[];
}

interface ParsedEngineSettings {
  mappings: CharacterMapping[];
  /** The mapping in one canonical spelling: what the generation key hashes. */
  mappingText: string;
  synonyms: SynonymRule[];
}

/** Parsed synonyms and mappings by engine and row version: parsed once per engine update. */
const PARSED_MAX = 1000;

function parsedSettings(
  caches: AnswerCaches,
  engineId: string,
  engine: EngineSearchSettings,
): ParsedEngineSettings {
  const cache = caches.cache<ParsedEngineSettings>('keyword-engine-settings', PARSED_MAX);
  const key = `${engineId}:${engine.updatedAt}`;
  const known = cache.get(key);
  if (known) return known;
  // Both texts were validated when saved; what is malformed now is left out, not a failed search.
  const { mappings } = parseCharacterMapping(engine.csvCharMappings ?? DEFAULT_CHARACTER_MAPPING);
  const parsed = {
    mappings,
    mappingText: formatCharacterMapping(mappings),
    synonyms: parseSynonyms(engine.csvSynonymTable).rules,
  };
  cache.set(key, parsed);
  return parsed;
}

/**
 * The generation of run `runId` of an engine: the run, and a hash of the character mapping, since
 * the index holds mapped text (a new mapping makes a new index of the same pages).
 */
export function generationOf(
  caches: AnswerCaches,
  ids: { accountId: string; engineId: string },
  runId: string,
  engine: EngineSearchSettings,
): Generation & { synonyms: SynonymRule[] } {
  const parsed = parsedSettings(caches, ids.engineId, engine);
  const mappingHash = createHash('sha256').update(parsed.mappingText).digest('hex').slice(0, 16);
  return {
    key: { accountId: ids.accountId, engineId: ids.engineId, generation: `${runId}:${mappingHash}` },
    runId,
    mappings: parsed.mappings,
    synonyms: parsed.synonyms,
  };
}

/** Reads a keyword client afresh; 404 for an unknown id, another kind's, or nothing published. */
export async function readLiveKeyword(
  { store, caches }: SearchSource,
  clientId: string,
): Promise<LiveKeyword> {
  const found = await findLiveKeywordClient(store, clientId);
  if (!found || found.publishedRunId === null) throw new NotFoundError('Search engine');
  const { client } = found;
  const { synonyms, ...generation } = generationOf(caches, client, found.publishedRunId, found.engine);
  return {
    client,
    settings: KeywordClientSettings.parse(client.settings),
    engineName: found.engineName,
    generation,
    synonyms,
  };
}

/**
 * The keyword client, its engine's settings and the generation published, by client id: where
 * every public keyword call starts. Remembered and forgotten with the parametric clients (a crawl
 * published, client settings or the engine changed: see LiveClients).
 */
export function liveKeyword(clients: LiveClients, clientId: string): Promise<LiveKeyword> {
  return clients.cached('kw', clientId, readLiveKeyword);
}
