import { z } from 'zod';
import { Id, ProductType, Timestamp } from './common.ts';
import { EngineHealth } from './engine-health.ts';
import { KeywordSettings } from './keyword.ts';
import { ParametricDetail } from './parametric.ts';

type OptionalShape<Shape extends z.ZodRawShape> = {
  [Key in keyof Shape]: z.ZodOptional<Shape[Key] extends z.ZodDefault<infer Inner> ? Inner : Shape[Key]>;
};

/**
 * Every field optional and without its default. `partial()` is not that: zod 4 applies a default
 * inside an optional field, so every engine parsed would gain the keyword defaults.
 */
function optionalWithoutDefaults<Shape extends z.ZodRawShape>(shape: Shape): OptionalShape<Shape> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      z.optional(field instanceof z.ZodDefault ? field.unwrap() : field),
    ]),
  ) as OptionalShape<Shape>;
}

/**
 * A search engine of either type. Keyword engines also carry their wizard settings (all optional
 * and without defaults here: the list call may return engines without them, and a parametric engine
 * has none).
 */
export const SearchEngine = z.object(optionalWithoutDefaults(KeywordSettings.shape)).extend({
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
  /** Only in the engines list: what the dashboard card shows of the engine's state. */
  health: EngineHealth.optional(),
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
