export { boostRulesOf } from './boosts.ts';
export { parseKeywordQuery } from './parse-query.ts';
export { pinnedUrls } from './pins.ts';
export { tabsOf } from './tabs.ts';
