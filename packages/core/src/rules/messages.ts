/**
 * Every user-facing message of the spec, word for word, in one catalogue.
 * Surfaces (portal, CLI, API) show these and nothing else for the same situations.
 */
export const MESSAGES = {
  engineNameTooShort: 'Search Engine names must be at least 5 characters long.',
  nameAndFileInvalid: 'Enter a valid name and file.',
  noAccountsForProduct: 'There are no accounts associated with your login that support this product type.',
  fileNotUploaded: 'File not uploaded.',
  noMapData: 'Did not get map data from server',
  noSpreadsheetMapData: 'Could not get spreadsheet map data',
  unknownEngineType: 'Unknown engine type',
  apiEngineActionUnsupported:
    'For now, the requested action cannot be performed on Parametric engines created by API.',
  engineDetailsMissing: 'ENGINE DETAILS MISSING!!',
  ingestApiEngineNote: 'This engine was created using the Parametric Datasource API',
  badLogin: 'Bad login information',
  noAuthToken: 'No authToken',
  selectEngineForInstall: 'Please select a search engine to get installation instructions.',
  comingSoon: 'Coming Soon!',
  loggingOut: 'Logging out...',
  keywordDeleteNote: 'Deleting keyword crawlers may take a while. Please be patient.',
  accountDeleteNote: 'This may take a while. Please be patient.',

  correctErrors: 'Correct errors before proceeding.',
  atLeastOneSite: 'At least one site must be added.',
  fileMustBeCsv: 'File must be CSV.',
  fileMustBeCsvOrTxt: 'File must be CSV or TXT.',
  synonymsFileInvalid: 'This file could not be loaded or is incorrectly formatted.',
  invalidRewriteRule: 'Invalid rewrite rule.',
  ruleAlreadyExists: 'Rule already exists.',
  maxTabs: 'You can only set 8 tabs.',
  emailInUse: 'That email is already in use',
  userDeactivated:
    'This user has been deactivated. Please contact support if you want to reactivate this account.',
  apiKeyError: 'There was an issue generating your API key, try again later.',
  unsavedChanges: 'There appear to be unsaved changes, leaving now will cause them to be lost. Are you sure?',
  failedUpdateEngine: 'Failed to update search engine',
  failedUpdateClient: 'Failed to update client',
  failedUpdateCrawler: 'Failed to update crawler',
  failedStartCrawls: 'Failed to start new crawls',
  noFeatures: 'No Features found',
  noAccounts: 'No Accounts',
  crawlerFinished: '(Note: Crawler has completed and is no longer running.)',

  // The spec names these rules without giving their words; Siteseer's wording.
  accountRequired: 'Choose an account.',
  fileRequired: 'Choose a CSV or XLSX file.',
  fileTooLarge: 'The file is larger than 10240 KB (10 MB).',
  synonymsFileRequired: 'Choose a CSV or TXT synonyms file.',
  synonymsFileTooLarge: 'The synonyms file is larger than 1024 KB (1 MB).',
  fileTypeCsvXlsx: 'The file must be a CSV or XLSX file.',
  originRequired: 'Origin is required.',
  invalidUrl: 'Enter a valid URL.',
  lastUrlNotRemovable: 'The last site cannot be removed.',
  labelRequired: 'A label is required.',
  relevancePatternRequired: 'A URL pattern is required.',
  relevanceWeightRange: 'Weight must be a whole number from 1 to 100.',
  tabNameRequired: 'A tab name is required.',
  tabIconRequired: 'A tab icon is required.',
  tabCategoryRequired: 'A tab category is required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  accountNameRequired: 'Account name is required.',
  accountNameTaken: 'You already have an account with that name.',
  accountNameControlCharacters: 'Account name cannot contain tabs, line breaks or other control characters.',
  maintenanceMessageRequired: 'A message is required.',
  maintenanceStartRequired: 'A start time is required.',
  maintenanceEndRequired: 'An end time is required.',
  maintenanceEndBeforeStart: 'The end must be after the start.',
  engineNameRequired: 'A search engine name is required.',
  engineNameControlCharacters:
    'A search engine name cannot contain tabs, line breaks or other control characters.',
  tabNameControlCharacters: 'A tab name cannot contain tabs, line breaks or other control characters.',
  tabCategoryControlCharacters:
    'A tab category cannot contain tabs, line breaks or other control characters.',
  personNameControlCharacters: 'A name cannot contain tabs, line breaks or other control characters.',
  fileEmpty: 'The file is empty.',
  columnDisabledFiltering: 'A disabled column cannot be filtered.',
  columnTypeCannotFilter: 'Image and hyperlink columns cannot be filtered.',
  columnTypeCannotSort: 'Image columns cannot be sorted.',
  rangeFilterNotAllowed: 'Only filterable integer or decimal columns can have a range filter.',
  tabNameReserved: "'All' is always the first tab; choose another name.",
  tabNameTaken: 'Another tab already has that name.',
  tabNotFound: 'That tab no longer exists.',
  allTabFixed: "The 'All' tab always stays first.",
  relevanceRuleNotFound: 'That relevance rule no longer exists.',
  deleteConfirmationMismatch: 'Type the name exactly as shown to confirm.',
  invalidSelector: 'Enter a valid CSS selector.',
  customTagNameRequired: 'A custom tag name is required.',
  customTagIconRequired: 'A custom tag icon is required.',
  rankingQueryRequired: 'A query is required.',
  rankingResultsRequired: 'Add at least one result URL.',
  rankingQueryTaken: 'Another entry already has that query.',
  rankingEntryNotFound: 'That result ranking entry no longer exists.',
  rankingFileEmpty: 'The file has no row with a query and result URLs.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** A result ranking entry that would pin and hide one URL. */
export function rankingPinnedAndHiddenMessage(url: string): string {
  return `${url} is pinned: a URL is either pinned or hidden.`;
}

/** 'Sorry. You cannot add {product} admins because they have access to all accounts.' */
export function superAdminUserMessage(product: string): string {
  return `Sorry. You cannot add ${product} admins because they have access to all accounts.`;
}

/** 'No {type} engines found' on the dashboard. */
export function noEnginesMessage(type: string): string {
  return `No ${type} engines found`;
}

/** "Products on an account cannot be removed while engines of that type exist on it." */
export function productInUseMessage(productLabel: string): string {
  return `${productLabel} cannot be removed while the account has ${productLabel.toLowerCase()} engines.`;
}

/** A character mapping pair that is not of the form 'original => mapped'. */
export function characterMappingMalformedMessage(pair: string): string {
  return `'${pair}' is not of the form 'original => mapped'.`;
}

/** A character mapping that maps the same original twice. */
export function characterMappingDuplicateMessage(original: string): string {
  return `'${original}' is mapped more than once.`;
}

/** The crawl report's 'N results (X seconds)' line; X is the server's time in seconds, at most 2 decimals. */
export function crawlReportResultsMessage(total: number, tookMs: number): string {
  return `${total} results (${Number((tookMs / 1000).toFixed(2))} seconds)`;
}
