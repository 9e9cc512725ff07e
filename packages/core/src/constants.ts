/** Business constants of the spec (section 9 of both documents), in one place. */

/** Product codes: parametric = pm, keyword = kw. */
export const PRODUCT_CODES = ['pm', 'kw'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** The long spelling of each product code, used by the dashboard filter and elsewhere in the spec. */
export const PRODUCT_NAMES = { pm: 'parametric', kw: 'keyword' } as const satisfies Record<
  ProductCode,
  string
>;
export type ProductName = (typeof PRODUCT_NAMES)[ProductCode];

/** Display labels of the engine types (dashboard type filter and engine card). */
export const PRODUCT_LABELS = { pm: 'Parametric', kw: 'Keyword' } as const satisfies Record<
  ProductCode,
  string
>;

/** Accepts either spelling of an engine type and returns the product code, or undefined. */
export function toProductCode(type: string): ProductCode | undefined {
  if (type === 'pm' || type === 'parametric') return 'pm';
  if (type === 'kw' || type === 'keyword') return 'kw';
  return undefined;
}

/**
 * The platform's name, the spec's {product} in 'Sorry. You cannot add {product} admins because
 * they have access to all accounts.'
 */
export const PLATFORM_NAME = 'Siteseer';

/** createdBy value that marks an engine made through the data-source (ingest) API. */
export const INGEST_API_CREATOR = 'INGEST_API';

export const SORT_OPTIONS = [
  { value: 'alphabetical', label: 'Alphabetical' },
  { value: 'creationDate', label: 'Creation Date' },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]['value'];

export const FILTER_FORMATS = ['dialog', 'list'] as const;
export type FilterFormat = (typeof FILTER_FORMATS)[number];

/** Crawl URL status codes and their display text. Code 1 is not defined by the spec. */
export const CRAWL_STATUS = {
  CREATED: 0,
  FAILED: 2,
  SUCCESS: 3,
  NOT_FOUND: 4,
  REDIRECTED: 5,
  TIMEOUT: 6,
  DUPLICATED: 7,
  INTERRUPTED: 8,
  PENDING_FETCH: 9,
  FETCH_FAILED: 10,
} as const;
export type CrawlStatusCode = (typeof CRAWL_STATUS)[keyof typeof CRAWL_STATUS];

export const CRAWL_STATUS_LABELS: Record<CrawlStatusCode, string> = {
  0: 'Created',
  2: 'Failed',
  3: 'Success',
  4: '404',
  5: 'Redirected',
  6: 'Timeout',
  7: 'Duplicated',
  8: 'Interrupted',
  9: 'Pending Fetch',
  10: 'Fetch Failed',
};

/**
 * The status the report treats as "checked" (last and next check times shown).
 * The spec does not name it; a URL has been checked when it was fetched successfully.
 */
export const CHECKED_CRAWL_STATUS: CrawlStatusCode = CRAWL_STATUS.SUCCESS;

/** Display text for a crawl status code; unknown codes show as 'Unknown'. */
export function crawlStatusLabel(code: number): string {
  return (CRAWL_STATUS_LABELS as Record<number, string>)[code] ?? 'Unknown';
}

/** Whether the crawl report shows last/next check times for this status. */
export function isCheckedCrawlStatus(code: number): boolean {
  return code === CHECKED_CRAWL_STATUS;
}

/** Statuses of URLs a site owner fixes at the page that links to them: reports say where each was found. */
const BROKEN_CRAWL_STATUSES: readonly number[] = [
  CRAWL_STATUS.NOT_FOUND,
  CRAWL_STATUS.REDIRECTED,
  CRAWL_STATUS.FAILED,
  CRAWL_STATUS.TIMEOUT,
  CRAWL_STATUS.FETCH_FAILED,
];

/** Whether the crawl report shows the page a URL of this status was found on ("Found on …"). */
export function isBrokenCrawlStatus(code: number): boolean {
  return BROKEN_CRAWL_STATUSES.includes(code);
}

export const PAGE_LOAD_DELAYS = [
  { value: '0ms', label: 'none', ms: 0 },
  { value: '100ms', label: '100ms', ms: 100 },
  { value: '500ms', label: '500ms', ms: 500 },
  { value: '1s', label: '1 second', ms: 1000 },
  { value: '2s', label: '2 seconds', ms: 2000 },
  { value: '4s', label: '4 seconds', ms: 4000 },
  { value: '8s', label: '8 seconds', ms: 8000 },
] as const;
export const DEFAULT_PAGE_LOAD_DELAY = '100ms';

export const CRAWL_FREQUENCIES = [
  { value: 'auto', label: 'auto', hours: null },
  { value: '10m', label: '10m', hours: 10 / 60 },
  { value: '1h', label: '1h', hours: 1 },
  { value: '24h', label: '24h (1 day)', hours: 24 },
  { value: '48h', label: '48h', hours: 48 },
  { value: '72h', label: '72h', hours: 72 },
  { value: '96h', label: '96h', hours: 96 },
  { value: '120h', label: '120h', hours: 120 },
  { value: '168h', label: '168h (7 days)', hours: 168 },
  { value: '336h', label: '336h (14 days)', hours: 336 },
  { value: '720h', label: '720h (30 days)', hours: 720 },
] as const;
export const DEFAULT_CRAWL_FREQUENCY = 'auto';

/**
 * Rows a parametric engine's results download holds at most: the first, in the visitor's sort (the
 * widget's link says so when a search finds more).
 */
export const DOWNLOAD_ROWS_MAX = 100_000;

/** Keyword install page. */
export const RESULTS_PER_PAGE_OPTIONS = [10, 20, 40, 60] as const;
export const DEFAULT_RESULTS_PER_PAGE = 10;
export const DEFAULT_DESCRIPTION_SIZE = 500;

export const DEFAULT_ORIGIN = '*';
export const DEFAULT_CHARACTER_MAPPING = "’ => ', Ω => ohm, μ => u";

export const TAB_ICONS = [
  'home',
  'cross-reference',
  'product',
  'documentation',
  'pdf',
  'hyperlink',
  'support',
  'video',
  'all',
  'parametric',
  'filter',
  'back',
  'next',
  'solution',
  'block-diagram',
  'eval-board',
  'blog',
  'event',
  'manufacturer',
  'press-release',
  'markets',
] as const;
/** The fixed first tab that is always present and cannot be reordered. */
export const ALL_TAB_NAME = 'All';

/**
 * Column types as stored in a configuration. New types go last and are only ever inferred for new
 * files: a stored configuration keeps the types it was saved with, so a date column of an engine
 * published before 'date' existed stays 'keyword' (text) until its owner retypes it.
 */
export const COLUMN_TYPES = [
  'keyword',
  'integer',
  'half_float',
  'boolean',
  'image',
  'hyperlink',
  'date',
] as const;
export const COLUMN_TYPE_LABELS: Record<(typeof COLUMN_TYPES)[number], string> = {
  keyword: 'Text',
  integer: 'Integer',
  half_float: 'Decimal',
  boolean: 'True/False',
  image: 'Image URL',
  hyperlink: 'Hyperlink',
  date: 'Date',
};
export const NUMERIC_COLUMN_TYPES: readonly (typeof COLUMN_TYPES)[number][] = ['integer', 'half_float'];
/** Types whose filter may be a range (a slider): numbers, and dates (as milliseconds since 1970 UTC). */
export const RANGE_COLUMN_TYPES: readonly (typeof COLUMN_TYPES)[number][] = [...NUMERIC_COLUMN_TYPES, 'date'];

export const FEATURE_FLAGS = {
  PM_WIZARD_SE_CONFIG: 'PM_WIZARD_SE_CONFIG',
  KW_WIZARD_URL_FILTERING: 'KW_WIZARD_URL_FILTERING',
  KW_WIZARD_CRAWL_FREQUENCY: 'KW_WIZARD_CRAWL_FREQUENCY',
  KW_WIZARD_TABS: 'KW_WIZARD_TABS',
  KW_WIZARD_RELEVANCE: 'KW_WIZARD_RELEVANCE',
  KW_WIZARD_RESULT_RANKING: 'KW_WIZARD_RESULT_RANKING',
  KW_WIZARD_SYNONYMS: 'KW_WIZARD_SYNONYMS',
  KW_WIZARD_URL_REWRITE: 'KW_WIZARD_URL_REWRITE',
  /**
   * The spec gates these portal features per role without naming their flags;
   * the names below are Siteseer's.
   */
  DASHBOARD_ADD_PARAMETRIC: 'DASHBOARD_ADD_PARAMETRIC',
  DASHBOARD_ADD_KEYWORD: 'DASHBOARD_ADD_KEYWORD',
  MY_ACCOUNT: 'MY_ACCOUNT',
  MAINTENANCE: 'MAINTENANCE',
  ENGINE_PREVIEW: 'ENGINE_PREVIEW',
  ENGINE_INSTALL: 'ENGINE_INSTALL',
  ENGINE_ANALYTICS: 'ENGINE_ANALYTICS',
  ENGINE_STATUS: 'ENGINE_STATUS',
  ENGINE_EDIT: 'ENGINE_EDIT',
  ENGINE_DELETE: 'ENGINE_DELETE',
} as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

export const LIMITS = {
  /** Upload size limit of a parametric file, in KB (10 MB). */
  uploadMaxKb: 10240,
  uploadMaxBytes: 10240 * 1024,
  uploadExtensions: ['csv', 'xlsx'] as const,
  /** Size limit of a synonyms file (1 MB): tens of thousands of rules, and the table is kept per engine. */
  synonymsMaxBytes: 1024 * 1024,
  engineNameMinLength: 5,
  maxTabs: 8,
  relevanceWeightMin: 1,
  relevanceWeightMax: 100,
  relevanceWeightStep: 1,
  /** Lines of a parametric file preview: 1 by default, 5 in the wizard. */
  previewLinesDefault: 1,
  previewLinesWizard: 5,
  crawlReportPageSize: 10,
  crawlReportPageWindow: 7,
  /** The crawl report search runs when the text is longer than this, or empty. */
  crawlReportSearchMinExclusive: 3,
  /** A finished crawl that lost more than this % of the published generation's pages is held. */
  crawlPublishMaxLossPercent: 10,
  /** Temporary ids for newly added users are random numbers below this. */
  tempUserIdMax: 100000,
  /** Minimum width of a dashboard card column, in px. */
  dashboardCardMinWidthPx: 450,
  dashboardCardMinWidthWidePx: 500,
} as const;

export const TIMING = {
  maintenancePollMs: 10_000,
  tokenRefreshEarlyMs: 120_000,
  copyTooltipMs: 1_000,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Account role labels of the spec ("Assignable account role labels"). */
export const ACCOUNT_ROLE_LABELS = ['Account Admin', 'Editor', 'Viewer', 'Reporting'] as const;

/** Downloadable file names of the keyword wizard. */
export const DOWNLOAD_FILE_NAMES = {
  currentUrlFilters: 'current-url-filters.csv',
  currentResultRanking: 'current-result-ranking.csv',
  currentSynonyms: 'current-synonyms.txt',
} as const;

/** Analytics frame sizes (width x height, px). */
export const ANALYTICS_FRAME_SIZES = {
  card: { width: 750, height: 750 },
  dashboard: { width: 1248, height: 1620 },
} as const;
