export { boostRulesOf } from './boosts.ts';
export {
  type KeywordQueryOptions,
  MAX_QUERY_SLOTS,
  MAX_SLOT_ALTERNATIVES,
  normaliseQuery,
  type ParsedKeywordQuery,
  parseKeywordQuery,
  SYNONYM_WEIGHT,
} from './parse-query.ts';
export { pinnedUrls } from './pins.ts';
export { type SynonymTable, synonymTableOf } from './synonym-table.ts';
export { type EngineTabs, tabSpecOf, tabsOf } from './tabs.ts';
