import { FEATURE_FLAGS } from '../constants.ts';
import { KEYWORD_WIZARD_STEPS, type KeywordWizardStep } from '../domain/keyword.ts';
import type { FeatureGrant } from './features.ts';
import { isFeatureOn } from './features.ts';
import type { Viewer } from './viewer.ts';

// Same union as rules' WizardMode; kept local so the core index does not export the name twice.
type WizardMode = 'create' | 'edit';

/** The feature-gated parts of the keyword wizard, on or off for one viewer. */
export type KeywordWizardSections = {
  urlFiltering: boolean;
  crawlFrequency: boolean;
  tabs: boolean;
  relevance: boolean;
  resultRanking: boolean;
  urlRewriting: boolean;
  synonyms: boolean;
};

/** Which feature-gated parts of the keyword wizard the viewer gets; Tabs only in edit mode. */
export function keywordWizardSections(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  mode: WizardMode,
): KeywordWizardSections {
  const on = (flag: string) => isFeatureOn(features, flag, viewer);
  return {
    urlFiltering: on(FEATURE_FLAGS.KW_WIZARD_URL_FILTERING),
    crawlFrequency: on(FEATURE_FLAGS.KW_WIZARD_CRAWL_FREQUENCY),
    // Tabs choose among categories the engine's crawl has found, so a new engine has none yet.
    tabs: mode === 'edit' && on(FEATURE_FLAGS.KW_WIZARD_TABS),
    relevance: on(FEATURE_FLAGS.KW_WIZARD_RELEVANCE),
    resultRanking: on(FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING),
    urlRewriting: on(FEATURE_FLAGS.KW_WIZARD_URL_REWRITE),
    synonyms: on(FEATURE_FLAGS.KW_WIZARD_SYNONYMS),
  };
}

/**
 * The keyword wizard's steps for the viewer, in order, named as in the spec. Name, Crawler and
 * Review always show. Influence holds relevance and result ranking only, so it is left out when
 * both are off rather than shown empty.
 */
export function keywordWizardSteps(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  mode: WizardMode,
): KeywordWizardStep[] {
  const s = keywordWizardSections(viewer, features, mode);
  const shown: Record<KeywordWizardStep, boolean> = {
    Name: true,
    Crawler: true,
    Tabs: s.tabs,
    Influence: s.relevance || s.resultRanking,
    'URL Rewriting': s.urlRewriting,
    Synonyms: s.synonyms,
    Review: true,
  };
  return KEYWORD_WIZARD_STEPS.filter((step) => shown[step]);
}

export const PARAMETRIC_WIZARD_STEPS = ['Name', 'Fields', 'Configure'] as const;
export type ParametricWizardStep = (typeof PARAMETRIC_WIZARD_STEPS)[number];

/** The parametric wizard's steps for the viewer, in order: Configure only with PM_WIZARD_SE_CONFIG on. */
export function parametricWizardSteps(
  viewer: Viewer,
  features: readonly FeatureGrant[],
): ParametricWizardStep[] {
  const configure = isFeatureOn(features, FEATURE_FLAGS.PM_WIZARD_SE_CONFIG, viewer);
  return PARAMETRIC_WIZARD_STEPS.filter((step) => step !== 'Configure' || configure);
}
