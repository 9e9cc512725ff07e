import { z } from 'zod';
import { LIMITS } from '../../constants.ts';
import { Id, ProductType } from '../../domain/common.ts';
import { EngineDraft, SearchEngine } from '../../domain/engine.ts';
import { KeywordExplainQuery, KeywordExplanation } from '../../domain/keyword-explain.ts';
import { SuggestionSettings } from '../../domain/query-suggestions.ts';
import { defineCall } from '../contract.ts';
import { BinaryBody, Deleted, IdParams, QueryVersion } from './wire-schemas.ts';

/** Query of `GET searchengines`: all the caller's engines, or those of one type. */
export const ListEnginesQuery = z.object({ type: ProductType.optional() });

/** The account an engine belongs to (every tenant call names it). */
const AccountIdQuery = z.object({ accountId: Id });

/** Most URLs one `GET searchengines/{id}/page-urls` answers: a list to pick from, not an export. */
export const PAGE_URL_SUGGESTIONS_MAX = 50;

/** Query of `GET searchengines/{id}/page-urls`: the URLs' start as typed, and how many to suggest. */
export const PageUrlsQuery = z.object({
  accountId: Id,
  prefix: z.string().max(2048).default(''),
  limit: z.coerce.number<number>().int().min(1).max(PAGE_URL_SUGGESTIONS_MAX).default(20),
});

/** Answer of `GET searchengines/{id}/page-urls`: crawled page URLs in order (none before a crawl is published). */
export const PageUrls = z.object({ urls: z.array(z.string()) });
export type PageUrls = z.infer<typeof PageUrls>;

/** Answer of `POST searchengines`: the new engine's id, its synonym field (keyword) and its client. */
export const EngineCreated = z.object({
  documentId: Id,
  /** The field keyword synonyms are stored under; null for parametric engines. */
  synonymFieldId: z.string().nullable(),
  clientId: Id,
});
export type EngineCreated = z.infer<typeof EngineCreated>;

/** Answer of `PUT searchengines/{id}`. */
export const EngineUpdated = z.object({ synonymFieldId: z.string().nullable() });
export type EngineUpdated = z.infer<typeof EngineUpdated>;

/** Body of `DELETE searchengines/{id}`. */
const DeleteEngineBody = AccountIdQuery;

/** The formats an engine's dataset downloads in. */
export const DatasetFormat = z.enum(['csv', 'xlsx']);
export type DatasetFormat = z.infer<typeof DatasetFormat>;

/** Path parameters of the dataset download: the engine and the format (`{x}` in the spec). */
export const DatasetDownloadParams = z.object({ id: Id, format: DatasetFormat });

/** Query of the dataset download: the account, and a version (the published one when absent). */
export const DatasetDownloadQuery = z.object({ accountId: Id, version: QueryVersion.optional() });

/** Body of `POST searchengines/{id}/filters`: the filters applied so far. */
export const EngineFiltersBody = z.object({
  appliedFilters: z.object({ category: z.array(z.string()).default([]) }).default({ category: [] }),
});
export type EngineFiltersBody = z.infer<typeof EngineFiltersBody>;

/** Answer of the filters call: document count per category (its keys feed the tab category choices). */
export const EngineFilters = z.object({ category: z.record(z.string(), z.number().int().min(0)) });
export type EngineFilters = z.infer<typeof EngineFilters>;

/** Text fields of `POST searchengines/synonyms/validate` (the file goes in part `synonymsFile`). */
export const ValidateSynonymsFields = z.object({ accountId: Id });

/**
 * Answer of the synonyms validation: whether the file is valid, and its normalized table ('' when
 * not): one rule per line in Solr syntax (core's `formatSynonyms`). `errors` names the lines that
 * could not be read (Siteseer's addition: the portal shows the spec's message, API users need more).
 */
export const SynonymsValidation = z.object({
  valid: z.boolean(),
  csvSynonymTable: z.string(),
  errors: z.array(z.string()).optional(),
});
export type SynonymsValidation = z.infer<typeof SynonymsValidation>;

/** Body of `PUT searchengines/{id}/suggestions`: the account, and the settings whole. */
export const SuggestionSettingsUpdate = SuggestionSettings.extend({ accountId: Id });
export type SuggestionSettingsUpdate = z.input<typeof SuggestionSettingsUpdate>;

/** Search engines of both types. */
export const engineContracts = {
  list: defineCall({
    name: 'engines.list',
    method: 'GET',
    path: 'searchengines',
    query: ListEnginesQuery,
    response: z.array(SearchEngine),
  }),
  create: defineCall({
    name: 'engines.create',
    method: 'POST',
    path: 'searchengines',
    body: EngineDraft,
    response: EngineCreated,
  }),
  get: defineCall({
    name: 'engines.get',
    method: 'GET',
    path: 'searchengines/:id',
    params: IdParams,
    query: AccountIdQuery,
    response: SearchEngine,
  }),
  update: defineCall({
    name: 'engines.update',
    method: 'PUT',
    path: 'searchengines/:id',
    params: IdParams,
    body: EngineDraft,
    response: EngineUpdated,
  }),
  delete: defineCall({
    name: 'engines.delete',
    method: 'DELETE',
    path: 'searchengines/:id',
    params: IdParams,
    body: DeleteEngineBody,
    response: Deleted,
  }),
  /** The engine's dataset as a file (`Content-Disposition` names it). */
  download: defineCall({
    name: 'engines.download',
    method: 'GET',
    path: 'searchengines/:id/download/:format',
    params: DatasetDownloadParams,
    query: DatasetDownloadQuery,
    response: BinaryBody,
    responseKind: 'binary',
  }),
  explain: defineCall({
    name: 'engines.explain',
    method: 'GET',
    path: 'searchengines/:id/explain',
    description:
      "A keyword engine's search as its client answers it (pins, relevance rules, tabs), each result " +
      'with its score taken apart: each term of the query per field, the boost, proximity, title and ' +
      'link-share factors. For members of the engine’s account; the public search never includes it.',
    params: IdParams,
    query: KeywordExplainQuery,
    response: KeywordExplanation,
  }),
  pageUrls: defineCall({
    name: 'engines.pageUrls',
    method: 'GET',
    path: 'searchengines/:id/page-urls',
    description:
      "URLs of a keyword engine's published crawl that start with `prefix` (after an optional " +
      'scheme and `www.`), in order, at most `limit`: the portal suggests them for pinned results ' +
      'and relevance rules. Empty until a crawl is published. For members of the engine’s account.',
    params: IdParams,
    query: PageUrlsQuery,
    response: PageUrls,
  }),
  suggestionSettings: defineCall({
    name: 'engines.suggestionSettings',
    method: 'GET',
    path: 'searchengines/:id/suggestions',
    description:
      "What a keyword engine's query suggestions may show: the distinct visitors a query needs " +
      'before it is suggested, and the blocked terms (a suggestion holding one as a word is never ' +
      'shown). For members of the engine’s account.',
    params: IdParams,
    query: AccountIdQuery,
    response: SuggestionSettings,
  }),
  updateSuggestionSettings: defineCall({
    name: 'engines.updateSuggestionSettings',
    method: 'PUT',
    path: 'searchengines/:id/suggestions',
    description:
      "Replaces a keyword engine's suggestion settings, in the engine's settings (what the wizard " +
      'shows) and its client’s (what searches read), at once: the public suggestions follow within ' +
      'a second. For those who may edit the engine.',
    params: IdParams,
    body: SuggestionSettingsUpdate,
    response: SuggestionSettings,
  }),
  filters: defineCall({
    name: 'engines.filters',
    method: 'POST',
    path: 'searchengines/:id/filters',
    params: IdParams,
    query: AccountIdQuery,
    body: EngineFiltersBody,
    response: EngineFilters,
  }),
  validateSynonyms: defineCall({
    name: 'engines.validateSynonyms',
    method: 'POST',
    path: 'searchengines/synonyms/validate',
    body: ValidateSynonymsFields,
    bodyEncoding: 'multipart',
    files: [{ name: 'synonymsFile', maxBytes: LIMITS.synonymsMaxBytes }],
    response: SynonymsValidation,
  }),
} as const;
