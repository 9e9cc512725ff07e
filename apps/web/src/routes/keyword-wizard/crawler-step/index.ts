export { CrawlerStep, ORIGIN_HINT } from './crawler-step.tsx';
export { invalidCrawlerSelectors, invalidSelectorsMessage } from './selector-check.ts';
