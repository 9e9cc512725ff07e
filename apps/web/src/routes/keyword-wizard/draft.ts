import type { FieldErrors, KeywordSettings, KeywordWizardStep, SiteSignIn } from '@siteseer/core';
import {
  CrawlerSettings,
  KeywordSettings as KeywordSettingsSchema,
  validateCrawlerStep,
  validateKeywordNameStep,
} from '@siteseer/core';

/** What the keyword wizard edits: name and account, the settings every step shares, the URL being typed. */
export interface KeywordDraft {
  accountId: string;
  searchEngineName: string;
  settings: KeywordSettings;
  /** The Crawler step's URL box: checked with the step, not part of the engine until added. */
  newUrl: string;
  /**
   * A new engine's sign-ins by site, sent once the save has made the engine (before its first crawl);
   * held in memory only, never in the settings. A saved engine's are set on it directly.
   */
  signIns: Readonly<Record<string, SiteSignIn>>;
}

/** A new engine's draft: the spec's defaults, the only account preselected, the dashboard's URL first. */
export function newDraft(accountId: string, firstUrl: string | undefined): KeywordDraft {
  const settings = KeywordSettingsSchema.parse({});
  return {
    accountId,
    searchEngineName: '',
    settings: { ...settings, urls: firstUrl ? [firstUrl] : [] },
    newUrl: '',
    signIns: {},
  };
}

/** One step's verdict: messages by field, and whether they stop the wizard going past it. */
export interface StepCheck {
  errors: FieldErrors;
  blocking: boolean;
}

const NOTHING: StepCheck = { errors: {}, blocking: false };

/**
 * Checks a step with core's rules. Name: account and engine name, both needed. Crawler: the URL list,
 * origin and ignored URL parameters block; a bad URL left in the box is shown without blocking. The other steps only ever
 * hold entries their editors accepted, so nothing of theirs can block.
 */
export function checkStep(step: KeywordWizardStep, draft: KeywordDraft): StepCheck {
  if (step === 'Name') {
    const errors = validateKeywordNameStep(draft);
    return { errors, blocking: Object.keys(errors).length > 0 };
  }
  if (step === 'Crawler') {
    const { errors, blocking } = validateCrawlerStep({
      urls: draft.settings.urls,
      origin: draft.settings.origin,
      newUrl: draft.newUrl,
    });
    const parameters = CrawlerSettings.shape.ignoreParameters.safeParse(draft.settings.ignoreParameters);
    if (parameters.success) return { errors, blocking };
    const message = parameters.error.issues[0]?.message ?? 'These URL parameters cannot be ignored.';
    return { errors: { ...errors, ignoreParameters: message }, blocking: true };
  }
  return NOTHING;
}
