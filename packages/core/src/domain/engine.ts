import { z } from 'zod';
import { Id, ProductType, Timestamp } from './common.ts';
import { KeywordSettings } from './keyword.ts';
import { ParametricDetail } from './parametric.ts';

/**
 * A search engine of either type. Keyword engines also carry their wizard settings
 * (all optional here: the list call may return engines without them).
 */
export const SearchEngine = KeywordSettings.partial().extend({
  id: Id,
  accountId: Id,
  searchEngineName: z.string(),
  searchEngineType: ProductType,
  searchEngineDetail: ParametricDetail.nullable().optional(),
  savedSpreadsheetId: z.string().nullable().optional(),
  createdDate: Timestamp,
  createdBy: z.string(),
  updatedDate: Timestamp.optional(),
  updatedBy: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  urls: z.array(z.string()).default([]),
});
export type SearchEngine = z.infer<typeof SearchEngine>;

/** The engine index name: `accountId-type-id`. */
export function engineIndexName(engine: Pick<SearchEngine, 'accountId' | 'searchEngineType' | 'id'>): string {
  return `${engine.accountId}-${engine.searchEngineType}-${engine.id}`;
}

/** The keyword wizard's draft: name and account plus the keyword settings with their defaults. */
export const KeywordEngineDraft = KeywordSettings.extend({
  searchEngineType: z.literal('kw').default('kw'),
  id: Id.optional(),
  accountId: Id,
  searchEngineName: z.string(),
});
export type KeywordEngineDraft = z.infer<typeof KeywordEngineDraft>;

/** The parametric wizard's draft. */
export const ParametricEngineDraft = z.object({
  searchEngineType: z.literal('pm').default('pm'),
  id: Id.optional(),
  accountId: Id,
  searchEngineName: z.string(),
  searchEngineDetail: z.object({ importId: Id }).partial().optional(),
});
export type ParametricEngineDraft = z.infer<typeof ParametricEngineDraft>;

/** Body of `POST searchengines` and `PUT searchengines/{id}`. */
export const EngineDraft = z.discriminatedUnion('searchEngineType', [
  KeywordEngineDraft,
  ParametricEngineDraft,
]);
export type EngineDraft = z.infer<typeof EngineDraft>;
