import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../constants.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { allOn, feature, PERSONAS } from './personas.test-kit.ts';
import { keywordWizardSections, keywordWizardSteps, parametricWizardSteps } from './wizard-steps.ts';

const KW_FLAGS = [
  FEATURE_FLAGS.KW_WIZARD_URL_FILTERING,
  FEATURE_FLAGS.KW_WIZARD_CRAWL_FREQUENCY,
  FEATURE_FLAGS.KW_WIZARD_TABS,
  FEATURE_FLAGS.KW_WIZARD_RELEVANCE,
  FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING,
  FEATURE_FLAGS.KW_WIZARD_URL_REWRITE,
  FEATURE_FLAGS.KW_WIZARD_SYNONYMS,
];
const allKw = allOn(...KW_FLAGS);
const ALL_STEPS = ['Name', 'Crawler', 'Tabs', 'Influence', 'URL Rewriting', 'Synonyms', 'Review'];
const CREATE_STEPS = ['Name', 'Crawler', 'Influence', 'URL Rewriting', 'Synonyms', 'Review'];
const BARE = ['Name', 'Crawler', 'Review'];

describe('keyword wizard steps', () => {
  it.each<{ persona: PersonaName; edit: string[]; create: string[] }>([
    { persona: 'superadmin', edit: ALL_STEPS, create: CREATE_STEPS },
    { persona: 'owner', edit: ALL_STEPS, create: CREATE_STEPS },
    { persona: 'admin', edit: ALL_STEPS, create: CREATE_STEPS },
    { persona: 'user', edit: ALL_STEPS, create: CREATE_STEPS },
    { persona: 'unknown', edit: BARE, create: BARE },
    { persona: 'other', edit: ALL_STEPS, create: CREATE_STEPS },
  ])(
    'Given every wizard feature on, When the $persona viewer opens the wizard, Then edit shows $edit and create $create',
    ({ persona, edit, create }) => {
      expect(keywordWizardSteps(PERSONAS[persona], allKw, 'edit')).toEqual(edit);
      expect(keywordWizardSteps(PERSONAS[persona], allKw, 'create')).toEqual(create);
    },
  );

  it('Given every wizard feature off, When an owner edits, Then only Name, Crawler and Review show', () => {
    expect(keywordWizardSteps(PERSONAS.owner, [], 'edit')).toEqual(BARE);
  });

  it.each<[string, string[]]>([
    [FEATURE_FLAGS.KW_WIZARD_TABS, ['Name', 'Crawler', 'Tabs', 'Review']],
    [FEATURE_FLAGS.KW_WIZARD_RELEVANCE, ['Name', 'Crawler', 'Influence', 'Review']],
    [FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING, ['Name', 'Crawler', 'Influence', 'Review']],
    [FEATURE_FLAGS.KW_WIZARD_URL_REWRITE, ['Name', 'Crawler', 'URL Rewriting', 'Review']],
    [FEATURE_FLAGS.KW_WIZARD_SYNONYMS, ['Name', 'Crawler', 'Synonyms', 'Review']],
    // Crawler sections only: no step of their own.
    [FEATURE_FLAGS.KW_WIZARD_URL_FILTERING, BARE],
    [FEATURE_FLAGS.KW_WIZARD_CRAWL_FREQUENCY, BARE],
  ])('Given only %s on, When an owner edits, Then the steps are %j', (flag, expected) => {
    expect(keywordWizardSteps(PERSONAS.owner, allOn(flag), 'edit')).toEqual(expected);
  });

  it('Given KW_WIZARD_TABS on, When an owner creates, Then Tabs is not shown (edit mode only)', () => {
    expect(keywordWizardSteps(PERSONAS.owner, allOn(FEATURE_FLAGS.KW_WIZARD_TABS), 'create')).toEqual(BARE);
  });

  it('Given KW_WIZARD_SYNONYMS allowed for admins only, When a user and an admin edit, Then only the admin gets Synonyms', () => {
    const features = [feature(FEATURE_FLAGS.KW_WIZARD_SYNONYMS, ['admin'])];
    expect(keywordWizardSteps(PERSONAS.user, features, 'edit')).toEqual(BARE);
    expect(keywordWizardSteps(PERSONAS.admin, features, 'edit')).toEqual([
      'Name',
      'Crawler',
      'Synonyms',
      'Review',
    ]);
  });
});

describe('keyword wizard sections', () => {
  it('Given URL filtering and result ranking on, When an admin creates, Then exactly those sections are on', () => {
    const features = allOn(FEATURE_FLAGS.KW_WIZARD_URL_FILTERING, FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING);
    expect(keywordWizardSections(PERSONAS.admin, features, 'create')).toEqual({
      urlFiltering: true,
      crawlFrequency: false,
      tabs: false,
      relevance: false,
      resultRanking: true,
      urlRewriting: false,
      synonyms: false,
    });
  });

  it('Given every flag on, When a viewer without an account edits, Then every section is off', () => {
    expect(Object.values(keywordWizardSections(PERSONAS.unknown, allKw, 'edit'))).toEqual(
      Array(7).fill(false),
    );
  });
});

describe('parametric wizard steps', () => {
  it.each<{ persona: PersonaName; steps: string[] }>([
    { persona: 'superadmin', steps: ['Name', 'Fields', 'Configure'] },
    { persona: 'owner', steps: ['Name', 'Fields', 'Configure'] },
    { persona: 'admin', steps: ['Name', 'Fields', 'Configure'] },
    { persona: 'user', steps: ['Name', 'Fields', 'Configure'] },
    { persona: 'unknown', steps: ['Name', 'Fields'] },
    { persona: 'other', steps: ['Name', 'Fields', 'Configure'] },
  ])(
    'Given PM_WIZARD_SE_CONFIG on, When the $persona viewer opens the wizard, Then the steps are $steps',
    ({ persona, steps }) => {
      expect(parametricWizardSteps(PERSONAS[persona], allOn(FEATURE_FLAGS.PM_WIZARD_SE_CONFIG))).toEqual(
        steps,
      );
    },
  );

  it('Given PM_WIZARD_SE_CONFIG off, When a super admin opens the wizard, Then Configure is not shown', () => {
    expect(parametricWizardSteps(PERSONAS.superadmin, [])).toEqual(['Name', 'Fields']);
  });
});
