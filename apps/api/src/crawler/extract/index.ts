export {
  checkedSelectors,
  contentHash,
  type ExtractedPage,
  type ExtractionSettings,
  type ExtractOptions,
  extractionSettings,
  extractPage,
} from './extract-page.ts';
export { ExtractPool } from './extract-pool.ts';
export { EXTRACT_LIMITS } from './limits.ts';
export type { PageLink } from './page-links.ts';
export type { ResponseHeaders } from './response-headers.ts';
export type { RobotsDirectives } from './robots-directives.ts';
export { selectorProblem } from './selectors.ts';
