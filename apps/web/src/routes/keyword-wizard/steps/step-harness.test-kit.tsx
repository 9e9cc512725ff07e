import { KeywordSettings, type KeywordWizardSections } from '@siteseer/core';
import { type ComponentType, useState } from 'react';
import { vi } from 'vitest';
import { account, profile, seededFeatures } from '../../../test/fixtures.ts';
import { type FakeRoutes, renderPortal, routesFor } from '../../../test/render.tsx';
import type { KeywordStepProps } from '../step-props.ts';

/*
 * Test support (not part of the portal): a step rendered as the wizard renders it, holding the draft
 * in state so every change shows, and exposing the draft for assertions.
 */

const ALL_SECTIONS: KeywordWizardSections = {
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
  /** The query string of the wizard's URL, e.g. '?step=Influence&query=tv'. */
  search?: string;
}

/** The draft as the wizard holds it: `current` is the latest, `patches` every change in order. */
export interface DraftRecord {
  current: KeywordSettings;
  patches: Partial<KeywordSettings>[];
}

/** A step holding its draft in state, as the wizard screen does. */
export function StepHarness({
  Step,
  draft,
  mode,
  accountId = 'a1',
  sections = ALL_SECTIONS,
}: {
  Step: ComponentType<KeywordStepProps>;
  draft: DraftRecord;
  mode: 'create' | 'edit';
  accountId?: string;
  sections?: KeywordWizardSections;
}) {
  const [settings, setSettings] = useState(draft.current);
  return (
    <Step
      settings={settings}
      onChange={(patch) => {
        draft.patches.push(patch);
        draft.current = { ...draft.current, ...patch };
        setSettings(draft.current);
      }}
      mode={mode}
      {...(mode === 'edit' ? { engineId: 'e1' } : {})}
      accountId={accountId}
      sections={sections}
    />
  );
}

/** A draft with the defaults of core's KeywordSettings and these values. */
export function draftOf(settings: Partial<KeywordSettings> = {}): DraftRecord {
  return { current: KeywordSettings.parse(settings), patches: [] };
}

export function renderStep(Step: ComponentType<KeywordStepProps>, options: StepOptions = {}) {
  const draft = draftOf(options.settings);
  const view = renderPortal({
    path: `/step${options.search ?? ''}`,
    routes: routesFor(
      '/step',
      <StepHarness
        Step={Step}
        draft={draft}
        mode={options.mode ?? 'edit'}
        sections={{ ...ALL_SECTIONS, ...options.sections }}
      />,
    ),
    profile: profile({ accounts: [account('a1', 'Acme', 'owner')] }),
    features: seededFeatures(),
    api: options.api ?? {},
  });
  return { ...view, draft, patches: draft.patches };
}

export interface Download {
  fileName: string;
  text: () => Promise<string>;
}

/**
 * Records the files the page hands to the browser as downloads (object URL + anchor click), without
 * letting happy-dom navigate to them.
 */
export function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  const create = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    const url = create(object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ fileName: this.download, text: () => blob.text() });
  });
  return downloads;
}
