import type { Role } from '@siteseer/core';
import { FEATURE_FLAGS } from '@siteseer/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seededFeatures } from '../../test/fixtures.ts';

/*
 * Test support (not part of the portal): what the keyword wizard's tests share.
 */

const ALL: Role[] = ['superadmin', 'owner', 'admin', 'user'];

/** The seeded features with every keyword wizard section on for every role (as the API seeds them). */
export function keywordFeatures(off: readonly string[] = []) {
  const flags = [
    FEATURE_FLAGS.KW_WIZARD_URL_FILTERING,
    FEATURE_FLAGS.KW_WIZARD_CRAWL_FREQUENCY,
    FEATURE_FLAGS.KW_WIZARD_TABS,
    FEATURE_FLAGS.KW_WIZARD_RELEVANCE,
    FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING,
    FEATURE_FLAGS.KW_WIZARD_SYNONYMS,
    FEATURE_FLAGS.KW_WIZARD_URL_REWRITE,
  ];
  return seededFeatures(Object.fromEntries(flags.map((flag) => [flag, off.includes(flag) ? [] : ALL])));
}

// MUI renders a non-linear stepper as a tab list; a step's name starts with its number (the icon).
export const stepTab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^\\d*\\s*${name}$`) });
export const button = (name: string) => screen.getByRole('button', { name });
export const shownStep = (name: string) => screen.getByRole('region', { name });

/** Types a site URL and adds it with Enter. */
export async function addSite(url: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Site URL' }), `${url}{Enter}`);
}

/** The sites listed in the Crawler step. */
export function listedSites(): string[] {
  const list = screen.queryByRole('list', { name: 'Sites to crawl' });
  return list ? [...list.querySelectorAll('li')].map((item) => item.textContent ?? '') : [];
}

/** Answers of the keyword save flow's calls, as the API gives them. */
export const created = { documentId: 'eng1', synonymFieldId: 'synonyms-eng1', clientId: 'cli1' };
export const clientAnswer = {
  id: 'cli1',
  engineId: 'eng1',
  accountId: 'a1',
  type: 'kw',
  indexName: 'a1-kw-eng1',
  settings: {},
};
export const queued = { engineId: 'eng1', queued: 1 };
