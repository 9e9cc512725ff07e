import type { KeywordWizardStep } from '@siteseer/core';
import type { ComponentType } from 'react';
import { CrawlerStep } from './crawler-step/index.ts';
import { NameStep } from './name-step.tsx';
import { ReviewStep } from './review-step.tsx';
import type { KeywordStepProps } from './step-props.ts';
import { InfluenceStep, SynonymsStep, TabsStep, UrlRewritingStep } from './steps/index.ts';
import type { KeywordWizard } from './use-keyword-wizard.ts';

/** The steps built on the shared step interface (steps/), by their name in core's step list. */
const SETTINGS_STEPS: Record<
  Exclude<KeywordWizardStep, 'Name' | 'Crawler' | 'Review'>,
  ComponentType<KeywordStepProps>
> = {
  Tabs: TabsStep,
  Influence: InfluenceStep,
  'URL Rewriting': UrlRewritingStep,
  Synonyms: SynonymsStep,
};

/** The body of the wizard's active step. */
export function StepBody({ step, wizard }: { step: KeywordWizardStep; wizard: KeywordWizard }) {
  const { draft, mode } = wizard;
  if (step === 'Name') {
    return (
      <NameStep
        accounts={wizard.accounts}
        accountId={draft.accountId}
        searchEngineName={draft.searchEngineName}
        errors={wizard.errorsOf('Name')}
        locked={wizard.nameLocked}
        onChange={wizard.changeName}
      />
    );
  }
  if (step === 'Crawler') {
    return (
      <CrawlerStep
        settings={draft.settings}
        onChange={wizard.changeSettings}
        mode={mode}
        sections={wizard.sections}
        errors={wizard.errorsOf('Crawler')}
        newUrl={draft.newUrl}
        onNewUrl={wizard.changeNewUrl}
        engine={wizard.savedEngine}
        signIns={draft.signIns}
        onSignIn={wizard.changeSignIn}
      />
    );
  }
  if (step === 'Review') {
    return (
      <ReviewStep
        draft={draft}
        accountName={wizard.accounts.find((a) => a.id === draft.accountId)?.name ?? draft.accountId}
        steps={wizard.steps}
        sections={wizard.sections}
        crawlerChanges={wizard.crawlerChanges}
        onOpen={(target) => wizard.visit(wizard.steps.indexOf(target))}
      />
    );
  }
  const Settings = SETTINGS_STEPS[step];
  return (
    <Settings
      settings={draft.settings}
      onChange={wizard.changeSettings}
      mode={mode}
      {...(wizard.engineId ? { engineId: wizard.engineId } : {})}
      accountId={draft.accountId}
      sections={wizard.sections}
    />
  );
}
