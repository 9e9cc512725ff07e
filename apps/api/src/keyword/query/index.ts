export { boostRulesOf } from './boosts.ts';
export { parseKeywordQuery } from './parse-query.ts';
export { hiddenUrls, pinnedUrls } from './pins.ts';
export { tabsOf } from './tabs.ts';
