import type { Store } from '../store/types.ts';
import type { AnswerCaches } from './answer-cache.ts';

/**
 * What a search reads with: the app's store, and its caches of what searches read and answered.
 * Handed together because whatever reads a live engine may remember what it parsed.
 */
export interface SearchSource {
  store: Store;
  caches: AnswerCaches;
}
