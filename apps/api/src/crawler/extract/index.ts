export { documentTypeOf, documentTypeOffReason } from './documents/index.ts';
export {
  checkedSelectors,
  contentHash,
  type ExtractedPage,
  extractionSettings,
  extractPage,
} from './extract-page.ts';
export { ExtractPool } from './extract-pool.ts';
export { EXTRACT_LIMITS } from './limits.ts';
export { selectorProblem } from './selectors.ts';
