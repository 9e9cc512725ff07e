/**
 * Whether a wizard creates a new engine or edits an existing one. Not re-exported from the rules
 * index: access/ already exports the identical `WizardMode` union and the two are interchangeable.
 */
export type WizardMode = 'create' | 'edit';
