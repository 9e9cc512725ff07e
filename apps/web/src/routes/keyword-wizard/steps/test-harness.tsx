import { KeywordSettings, type KeywordWizardSections } from '@siteseer/core';
import { type ComponentType, useState } from 'react';
import { account, profile, seededFeatures } from '../../../test/fixtures.ts';
import { type FakeRoutes, renderPortal, routesFor } from '../../../test/render.tsx';
import type { KeywordStepProps } from '../step-props.ts';

/*
 * Test support (not part of the portal): a step rendered as the wizard renders it, holding the draft
 * in state so every change shows, and exposing the draft for assertions.
 */

export const ALL_SECTIONS: KeywordWizardSections = {
  urlFiltering: true,
  crawlFrequency: true,
  tabs: true,
  relevance: true,
  resultRanking: true,
  urlRewriting: true,
  synonyms: true,
};

export interface StepOptions {
  settings?: Partial<KeywordSettings>;
  sections?: Partial<KeywordWizardSections>;
  mode?: 'create' | 'edit';
  api?: FakeRoutes;
}

export function renderStep(Step: ComponentType<KeywordStepProps>, options: StepOptions = {}) {
  const draft = { current: KeywordSettings.parse(options.settings ?? {}) };
  const patches: Partial<KeywordSettings>[] = [];
  const mode = options.mode ?? 'edit';
  function Harness() {
    const [settings, setSettings] = useState(draft.current);
    return (
      <Step
        settings={settings}
        onChange={(patch) => {
          patches.push(patch);
          draft.current = { ...draft.current, ...patch };
          setSettings(draft.current);
        }}
        mode={mode}
        {...(mode === 'edit' ? { engineId: 'e1' } : {})}
        accountId="a1"
        sections={{ ...ALL_SECTIONS, ...options.sections }}
      />
    );
  }
  const view = renderPortal({
    path: '/step',
    routes: routesFor('/step', <Harness />),
    profile: profile({ accounts: [account('a1', 'Acme', 'owner')] }),
    features: seededFeatures(),
    api: options.api ?? {},
  });
  return { ...view, draft, patches };
}
