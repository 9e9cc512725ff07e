import type { KeywordSettings, KeywordWizardSections } from '@siteseer/core';

/** What every keyword wizard step receives from the wizard screen. */
export interface KeywordStepProps {
  /** The whole draft being edited (core's KeywordSettings, defaults applied). */
  settings: KeywordSettings;
  /** Merge a change into the draft (marks the wizard dirty for the unsaved-changes prompt). */
  onChange: (patch: Partial<KeywordSettings>) => void;
  mode: 'create' | 'edit';
  /** Present in edit mode. */
  engineId?: string;
  accountId: string;
  /** Feature gates of core's keywordWizardSections for this viewer. */
  sections: KeywordWizardSections;
}
