import { describe, expect, it } from 'vitest';
import {
  characterMappingDuplicateMessage,
  characterMappingMalformedMessage,
  crawlReportResultsMessage,
  MESSAGES,
  type MessageKey,
  noEnginesMessage,
  productInUseMessage,
  superAdminUserMessage,
} from './messages.ts';

// The spec's words, copied from both documents; a drift in the catalogue fails here.
const SPEC_MESSAGES: [MessageKey, string][] = [
  ['engineNameTooShort', 'Search Engine names must be at least 5 characters long.'],
  ['nameAndFileInvalid', 'Enter a valid name and file.'],
  [
    'noAccountsForProduct',
    'There are no accounts associated with your login that support this product type.',
  ],
  ['fileNotUploaded', 'File not uploaded.'],
  ['noMapData', 'Did not get map data from server'],
  ['noSpreadsheetMapData', 'Could not get spreadsheet map data'],
  ['unknownEngineType', 'Unknown engine type'],
  [
    'apiEngineActionUnsupported',
    'For now, the requested action cannot be performed on Parametric engines created by API.',
  ],
  ['engineDetailsMissing', 'ENGINE DETAILS MISSING!!'],
  ['ingestApiEngineNote', 'This engine was created using the Parametric Datasource API'],
  ['badLogin', 'Bad login information'],
  ['noAuthToken', 'No authToken'],
  ['selectEngineForInstall', 'Please select a search engine to get installation instructions.'],
  ['comingSoon', 'Coming Soon!'],
  ['loggingOut', 'Logging out...'],
  ['keywordDeleteNote', 'Deleting keyword crawlers may take a while. Please be patient.'],
  ['accountDeleteNote', 'This may take a while. Please be patient.'],
  ['correctErrors', 'Correct errors before proceeding.'],
  ['atLeastOneSite', 'At least one site must be added.'],
  ['fileMustBeCsv', 'File must be CSV.'],
  ['fileMustBeCsvOrTxt', 'File must be CSV or TXT.'],
  ['synonymsFileInvalid', 'This file could not be loaded or is incorrectly formatted.'],
  ['invalidRewriteRule', 'Invalid rewrite rule.'],
  ['ruleAlreadyExists', 'Rule already exists.'],
  ['maxTabs', 'You can only set 8 tabs.'],
  ['emailInUse', 'That email is already in use'],
  [
    'userDeactivated',
    'This user has been deactivated. Please contact support if you want to reactivate this account.',
  ],
  ['apiKeyError', 'There was an issue generating your API key, try again later.'],
  [
    'unsavedChanges',
    'There appear to be unsaved changes, leaving now will cause them to be lost. Are you sure?',
  ],
  ['failedUpdateEngine', 'Failed to update search engine'],
  ['failedUpdateClient', 'Failed to update client'],
  ['failedUpdateCrawler', 'Failed to update crawler'],
  ['failedStartCrawls', 'Failed to start new crawls'],
  ['noFeatures', 'No Features found'],
  ['noAccounts', 'No Accounts'],
  ['crawlerFinished', '(Note: Crawler has completed and is no longer running.)'],
];

describe('message catalogue', () => {
  it.each(SPEC_MESSAGES)(
    'Given the spec message %s, when read from the catalogue, then it is word for word',
    (key, text) => {
      expect(MESSAGES[key]).toBe(text);
    },
  );

  it('Given the whole catalogue, when compared, then no two situations share one text', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each(Object.entries(MESSAGES))(
    'Given the message %s, when read, then it is non-empty and trimmed',
    (_key, text) => {
      expect(text.length).toBeGreaterThan(0);
      expect(text).toBe(text.trim());
    },
  );

  it.each([
    [
      superAdminUserMessage('Siteseer'),
      'Sorry. You cannot add Siteseer admins because they have access to all accounts.',
    ],
    [noEnginesMessage('Keyword'), 'No Keyword engines found'],
    [
      productInUseMessage('Parametric'),
      'Parametric cannot be removed while the account has parametric engines.',
    ],
    [characterMappingMalformedMessage('a b'), "'a b' is not of the form 'original => mapped'."],
    [characterMappingDuplicateMessage('Ω'), "'Ω' is mapped more than once."],
    [crawlReportResultsMessage(42, 123), '42 results (0.12 seconds)'],
    [crawlReportResultsMessage(0, 2000), '0 results (2 seconds)'],
  ])('Given a message template, when filled, then it reads %j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
