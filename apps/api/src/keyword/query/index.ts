export { boostRulesOf } from './boosts.ts';
export { correctedText } from './correct-text.ts';
export { parseKeywordQuery, parseSpannedQuery } from './parse-query.ts';
export { hiddenUrls, pinnedUrls } from './pins.ts';
export { tabsOf } from './tabs.ts';
