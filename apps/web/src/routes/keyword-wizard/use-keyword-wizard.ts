import type { KeywordSettings, KeywordWizardStep, SiteSignIn } from '@siteseer/core';
import { accountsForProduct, keywordWizardSections, keywordWizardSteps, MESSAGES } from '@siteseer/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clientsQuery, enginesQuery, profileQuery } from '../../api/queries.ts';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useProfile, useViewer } from '../../shell/session-data.ts';
import { useToast } from '../../shell/toast.tsx';
import { changedCrawlerSettings } from './crawler-changes.ts';
import { invalidCrawlerSelectors, invalidSelectorsMessage } from './crawler-step/index.ts';
import { checkStep, type KeywordDraft, newDraft } from './draft.ts';
import type { LoadedKeywordEngine } from './edit-loader.ts';
import { type SavedEngine, saveKeywordEngine } from './save-flow.ts';
import * as gates from './step-gate.ts';

/** An API failure under the wizard: the spec's text, and the server's reason when it gave one. */
export interface WizardFailure {
  message: string;
  detail?: string | undefined;
}

/**
 * The keyword wizard's state and actions: the draft every step edits, step gating and checks, the
 * unsaved-changes flag, and the save flow. Create mode when `loaded` is undefined.
 */
export function useKeywordWizard(loaded: LoadedKeywordEngine | undefined, firstUrl: string | undefined) {
  const { api, queryClient, reportApiError } = useServices();
  const toast = useToast();
  const profile = useProfile();
  const viewer = useViewer();
  const features = useFeatures();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mode = loaded ? ('edit' as const) : ('create' as const);
  const steps = useMemo(() => keywordWizardSteps(viewer, features, mode), [viewer, features, mode]);
  const sections = useMemo(() => keywordWizardSections(viewer, features, mode), [viewer, features, mode]);
  const accounts = useMemo(() => {
    const names = new Map(profile.accounts.map((account) => [account.id, account.name]));
    const choices = accountsForProduct(viewer, 'kw').map((a) => ({
      id: a.id,
      name: names.get(a.id) ?? a.id,
    }));
    // The edited engine's account is shown even when it is not among the viewer's (a super admin).
    if (loaded && !choices.some((a) => a.id === loaded.accountId))
      choices.push({ id: loaded.accountId, name: names.get(loaded.accountId) ?? loaded.accountId });
    return choices;
  }, [profile, viewer, loaded]);

  const [draft, setDraft] = useState<KeywordDraft>(() =>
    loaded
      ? { ...loaded, settings: loaded.settings, newUrl: '', signIns: {} }
      : newDraft(accounts.length === 1 ? (accounts[0]?.id ?? '') : '', firstUrl),
  );
  const [gate, setGate] = useState(() => gates.initialGate(mode, steps, searchParams.get('step')));
  /** Steps checked at least once: their errors show, and follow the draft as it changes. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [failure, setFailure] = useState<WizardFailure | undefined>();
  const [busy, setBusy] = useState(false);
  // Refs, not state: the unsaved-changes prompt asks at navigation time, possibly in the same tick
  // as the save that cleared them, and a retried create must reuse the engine it already made.
  const dirty = useRef(false);
  const created = useRef<SavedEngine | undefined>(undefined);
  const [createdEngine, setCreatedEngine] = useState<SavedEngine | undefined>();
  const isDirty = useCallback(() => dirty.current, []);

  const checks = useMemo(() => steps.map((step) => checkStep(step, draft)), [steps, draft]);
  const inError = (index: number) => checked.has(index) && (checks[index]?.blocking ?? false);
  const errorsOf = (step: KeywordWizardStep) => {
    const index = steps.indexOf(step);
    return checked.has(index) ? (checks[index]?.errors ?? {}) : {};
  };
  const blocking = steps.some((_, index) => inError(index));

  const edit = (change: (d: KeywordDraft) => KeywordDraft) => {
    dirty.current = true;
    setFailure(undefined);
    setDraft(change);
  };

  const move = (target: number) => {
    const result = gates.goTo(gate, target, (index) => checks[index]?.blocking ?? false);
    setGate(result.gate);
    if (result.checked.length > 0) setChecked((c) => new Set([...c, ...result.checked]));
    return result;
  };

  /** Checks every step; the first one that blocks is shown. True when none does. */
  const checkAll = () => {
    setChecked(new Set(steps.keys()));
    const blockedAt = checks.findIndex((check) => check.blocking);
    if (blockedAt >= 0) setGate((g) => ({ ...g, active: blockedAt }));
    return blockedAt < 0;
  };

  const finish = async () => {
    if (!checkAll()) return;
    // Not a step error (the spec blocks steps on URLs and origin only), but nothing to publish: the
    // crawler would fail on every page it read with a selector that does not parse.
    const badSelectors = invalidCrawlerSelectors(draft.settings);
    if (badSelectors.length > 0) {
      setGate((g) => ({ ...g, active: Math.max(0, steps.indexOf('Crawler')) }));
      setFailure({ message: invalidSelectorsMessage(badSelectors) });
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const outcome = await saveKeywordEngine(
        api,
        {
          accountId: draft.accountId,
          searchEngineName: draft.searchEngineName,
          settings: draft.settings,
          engine: loaded
            ? {
                engineId: loaded.engineId,
                clientId: loaded.clientId,
                synonymFieldId: loaded.settings.synonymFieldId,
              }
            : created.current,
          mode,
          originalUrls: loaded?.settings.urls ?? [],
          signIns: draft.signIns,
        },
        (engine) => {
          created.current = engine;
          setCreatedEngine(engine);
        },
      );
      if (!outcome.ok) {
        setFailure({ message: outcome.message, detail: outcome.detail });
        // A create that failed after making the engine: the dashboard lists it from now on.
        if (created.current) await queryClient.invalidateQueries({ queryKey: enginesQuery(api).queryKey });
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: enginesQuery(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientsQuery(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQuery(api).queryKey }),
      ]);
      dirty.current = false;
      toast(`Search engine ${draft.searchEngineName.trim()} ${mode === 'create' ? 'created' : 'saved'}.`);
      navigate('/');
    } catch (error) {
      if (!reportApiError(error))
        setFailure({ message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return {
    mode,
    steps,
    sections,
    accounts,
    draft,
    gate,
    busy,
    failure,
    /** 'Correct errors before proceeding.' while a checked step has a blocking error. */
    blockingMessage: blocking ? MESSAGES.correctErrors : undefined,
    inError,
    /** A step checked on the way forward with no blocking error: the stepper ticks it, as the parametric wizard does. */
    isDone: (index: number) => checked.has(index) && !inError(index) && index !== gate.active,
    errorsOf,
    /** Name and account are fixed when editing, and once a create has made the engine. */
    nameLocked: mode === 'edit' || createdEngine !== undefined,
    isDirty,
    /** Edit mode: the crawler settings changed since the load, which take effect as pages are crawled again. */
    crawlerChanges: loaded ? changedCrawlerSettings(loaded.settings, draft.settings) : [],
    /** The engine being edited as saved: its saved sites' sign-ins are set on it directly. */
    savedEngine: loaded
      ? { engineId: loaded.engineId, accountId: loaded.accountId, urls: loaded.settings.urls }
      : undefined,
    /** The engine being edited, or the one a failed create made. */
    engineId: loaded?.engineId ?? createdEngine?.engineId,
    changeSettings: (patch: Partial<KeywordSettings>) =>
      edit((d) => ({ ...d, settings: { ...d.settings, ...patch } })),
    changeName: (patch: Partial<Pick<KeywordDraft, 'accountId' | 'searchEngineName'>>) =>
      edit((d) => ({ ...d, ...patch })),
    changeNewUrl: (newUrl: string) => setDraft((d) => ({ ...d, newUrl })),
    /** A new engine's sign-in for a site set (or removed, undefined), to be sent when it is saved. */
    changeSignIn: (site: string, signIn: SiteSignIn | undefined) =>
      edit((d) => {
        const { [site]: _replaced, ...others } = d.signIns;
        return { ...d, signIns: signIn ? { ...others, [site]: signIn } : others };
      }),
    visit: (index: number) => void move(index),
    next: () => void move(gate.active + 1),
    previous: () => void move(gate.active - 1),
    finish: () => void finish(),
  };
}

export type KeywordWizard = ReturnType<typeof useKeywordWizard>;
