import type { SearchConfig } from '@siteseer/core';
import type { SearchApi } from '../api/search-api.ts';

/** What every mode gets from `mount`. */
export interface ModeContext {
  api: SearchApi;
  pageSize: number;
  debounceMs: number;
}

export interface ModeInstance {
  /** Settles once the first search has rendered its results or its error. */
  ready: Promise<void>;
  destroy(): void;
}

/**
 * A renderer for one engine type, drawing into the widget's (empty) root element. Parametric
 * today; the keyword renderer registers beside it in `modes/index.ts`.
 */
export type Mode = (root: HTMLElement, config: SearchConfig, context: ModeContext) => ModeInstance;
