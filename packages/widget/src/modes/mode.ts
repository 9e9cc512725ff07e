import type { SearchApi } from '../api/search-api.ts';

/** The keyword search box options: the install page's, carried by the script tag. */
export interface KeywordOptions {
  /** The page's search input to attach to (a CSS selector or the element); without one, the widget renders its own. */
  input?: string | HTMLInputElement;
  /** Placeholder text of the search input. */
  placeholder?: string;
  /** What the status says when a search finds nothing. Default 'No results found.' */
  noResultsText?: string;
  /** Characters of each result's snippet, 50 to 2000; the service's default (500) when unset. */
  descriptionSize?: number;
  /** Apply the engine's URL rewrite rules to result links. Default false, as on the install page. */
  urlRewriting?: boolean;
  /**
   * Answer a query that finds nothing with the engine's correction ("Showing results for …").
   * Default true, as on the install page; false: the correction is only offered ("Did you mean …?").
   */
  autoCorrect?: boolean;
  /** A results page: on a page without results element, Enter goes to `{redirectPage}?q=…`. */
  redirectPage?: string;
  /** An empty search box lists the engine's most searched queries when it gets focus. Default false. */
  popularOnFocus?: boolean;
}

/** What every mode gets from `mount`. */
export interface ModeContext {
  api: SearchApi;
  /** Results per page as asked for (clamped to 1..100); each mode has its default. */
  pageSize: number | undefined;
  debounceMs: number;
  theme: 'light' | 'dark' | undefined;
  keyword: KeywordOptions;
}

export interface ModeInstance {
  /** Settles once the first search has rendered its results or its error. */
  ready: Promise<void>;
  destroy(): void;
}

/** A renderer for one engine type, drawing into the widget's (empty) root element. */
export type Mode<Config> = (root: HTMLElement, config: Config, context: ModeContext) => ModeInstance;
