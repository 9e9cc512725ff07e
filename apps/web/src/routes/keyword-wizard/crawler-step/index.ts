export { CrawlerStep } from './crawler-step.tsx';
export { invalidCrawlerSelectors, invalidSelectorsMessage } from './selector-check.ts';
