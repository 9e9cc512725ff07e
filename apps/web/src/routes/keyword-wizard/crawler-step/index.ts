export { CrawlerStep, ORIGIN_HINT } from './crawler-step.tsx';
