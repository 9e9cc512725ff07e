import { z } from 'zod';
import { DEFAULT_ORIGIN } from '../constants.ts';
import { Id, ProductType } from './common.ts';
import { RelevanceRule, ResultRankingEntry, Tab, UrlRewriteRule } from './keyword.ts';
import { ApplicationSettings } from './parametric.ts';
import { defaultSuggestionSettings, SuggestionSettings } from './query-suggestions.ts';

/** The settings of a keyword engine's client (what the search runtime reads). */
export const KeywordClientSettings = z.object({
  origin: z.string().min(1).default(DEFAULT_ORIGIN),
  relevance: z.array(RelevanceRule).default([]),
  resultRanking: z
    .object({ enabled: z.boolean().default(false), entries: z.array(ResultRankingEntry).default([]) })
    .default({ enabled: false, entries: [] }),
  tabs: z.array(Tab).default([]),
  useTabs: z.boolean().default(false),
  crossReferenceCategory: z.string().default(''),
  synonymFieldId: z.string().optional(),
  urlRewriteRules: z.array(UrlRewriteRule).default([]),
  suggestions: SuggestionSettings.default(defaultSuggestionSettings),
});
export type KeywordClientSettings = z.infer<typeof KeywordClientSettings>;

/** The settings of a parametric engine's client: origin and application settings. */
export const ParametricClientSettings = ApplicationSettings.extend({
  origin: z.string().min(1).default(DEFAULT_ORIGIN),
});
export type ParametricClientSettings = z.infer<typeof ParametricClientSettings>;

/** Body of `PUT client/{id}/settings`: the engine type and its settings. */
export const ClientSettingsUpdate = z.discriminatedUnion('type', [
  z.object({ type: z.literal('kw'), settings: KeywordClientSettings }),
  z.object({ type: z.literal('pm'), settings: ParametricClientSettings }),
]);
export type ClientSettingsUpdate = z.infer<typeof ClientSettingsUpdate>;

/** A client: one per engine, what a customer's site uses to search. */
export const Client = z.object({
  id: Id,
  engineId: Id,
  accountId: Id,
  type: ProductType,
  indexName: z.string(),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type Client = z.infer<typeof Client>;

/** The install snippet of a client: HTML for the page head and the page body. */
export const ClientSnippet = z.object({
  head: z.string(),
  body: z.string(),
});
export type ClientSnippet = z.infer<typeof ClientSnippet>;
