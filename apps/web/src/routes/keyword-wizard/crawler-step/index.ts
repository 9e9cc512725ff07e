export { CrawlerStep, ORIGIN_HINT } from './crawler-step.tsx';
export { CURRENT_URL_FILTERS_FILE, EXAMPLE_URL_FILTERS_PATH } from './url-filters.tsx';
