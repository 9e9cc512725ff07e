import type { FieldErrors, ParametricConfiguration } from '@siteseer/core';
import {
  accountsForProduct,
  isConfigurationValid,
  parametricWizardSteps,
  validateNameAndDataStep,
  validateParametricConfiguration,
} from '@siteseer/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { clientsQuery, enginesQuery, profileQuery } from '../../api/queries.ts';
import { isAbortError, newIdempotencyKey, type UploadProgress } from '../../api/upload-with-progress.ts';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useProfile, useViewer } from '../../shell/session-data.ts';
import { useToast } from '../../shell/toast.tsx';
import { type EditLoad, ENGINE_NOT_FOUND } from './edit-loader.ts';
import type { NameStepValues } from './name-step.tsx';
import { clearPendingUpload, peekPendingUpload } from './pending-upload.ts';
import * as gates from './step-gate.ts';
import { hasUnsavedChanges, type WizardSnapshot } from './unsaved-changes.ts';
import { publishDraft, submitSpreadsheet, type WizardDraft } from './wizard-flow.ts';

type WizardLoad = { state: 'ready' } | { state: 'failed'; message: string };

/**
 * The parametric wizard's state and actions: step 1 validation and file submission, step gating,
 * the configuration being edited, and publishing. Create mode when `engineId` is undefined; edit
 * mode starts from what the edit route's loader read (`editLoad`).
 */
export function useParametricWizard(engineId: string | undefined, editLoad: EditLoad | undefined) {
  const { api, uploads, queryClient, reportApiError } = useServices();
  const toast = useToast();
  const profile = useProfile();
  const viewer = useViewer();
  const features = useFeatures();
  const navigate = useNavigate();
  const mode = engineId ? ('edit' as const) : ('create' as const);
  const steps = parametricWizardSteps(viewer, features);
  const accounts = useMemo(() => {
    const names = new Map(profile.accounts.map((account) => [account.id, account.name]));
    return accountsForProduct(viewer, 'pm').map((a) => ({ id: a.id, name: names.get(a.id) ?? a.id }));
  }, [profile, viewer]);

  const loaded = mode === 'edit' && editLoad?.state === 'ready' ? editLoad.draft : undefined;
  const [values, setValues] = useState<NameStepValues>(() => ({
    accountId: loaded?.accountId ?? (accounts.length === 1 ? (accounts[0]?.id ?? '') : ''),
    searchEngineName: loaded?.searchEngineName ?? '',
    file: mode === 'create' ? (peekPendingUpload() ?? null) : null,
    updateFile: false,
  }));
  const [draft, setDraft] = useState<WizardDraft | undefined>(loaded);
  const [gate, setGate] = useState<gates.StepGate>(() =>
    loaded ? gates.editGate(steps.length) : gates.initialGate,
  );
  const [nameErrors, setNameErrors] = useState<FieldErrors<'accountId' | 'searchEngineName' | 'file'>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const load: WizardLoad =
    mode === 'edit' && editLoad?.state !== 'ready'
      ? (editLoad ?? { state: 'failed', message: ENGINE_NOT_FOUND })
      : { state: 'ready' };
  /** Step 1's upload while its bytes are on the way (until the server answers), else undefined. */
  const [uploadProgress, setUploadProgress] = useState<UploadProgress | undefined>();
  const uploadAbort = useRef<AbortController | undefined>(undefined);
  // One Idempotency-Key per file selection: a retried upload of the same pick is stored once.
  const uploadKeys = useRef(new WeakMap<File, string>());
  // Refs, not state: the unsaved-changes prompt asks when a navigation starts, which may come before
  // the render that follows a change, or in the same tick as the publish that saved them.
  const saved = useRef<WizardSnapshot>({ values, configuration: loaded?.configuration });
  const current = useRef<WizardSnapshot>(saved.current);
  current.current = { values, configuration: draft?.configuration };
  const isDirty = useCallback(() => hasUnsavedChanges(saved.current, current.current), []);

  useEffect(() => clearPendingUpload(), []);
  // Leaving the wizard cancels an upload still running.
  useEffect(() => () => uploadAbort.current?.abort(), []);

  const configuration = draft?.configuration;
  const configErrors = useMemo(
    () => (configuration ? validateParametricConfiguration(configuration) : { columns: {}, filters: {} }),
    [configuration],
  );

  const validateStep1 = () => {
    const result = validateNameAndDataStep({
      mode,
      ...values,
      searchEngineName: values.searchEngineName.trim(),
    });
    setNameErrors(result.errors);
    if (!result.valid) {
      setMessage(result.message);
      setGate((g) => gates.markError(g, 0));
    }
    return result.valid;
  };

  /** Uploads the file when step 1's file has not been submitted as it stands; true when it is. */
  const submitFileIfNeeded = async (): Promise<boolean> => {
    const needsUpload = !gate.fileSubmitted && values.file !== null;
    if (!needsUpload) return gate.fileSubmitted;
    const base: WizardDraft = draft ?? {
      mode,
      accountId: values.accountId,
      searchEngineName: '',
      rows: [],
      fileReplaced: false,
    };
    const file = values.file as File;
    let idempotencyKey = uploadKeys.current.get(file);
    if (!idempotencyKey) {
      idempotencyKey = newIdempotencyKey();
      uploadKeys.current.set(file, idempotencyKey);
    }
    const abort = new AbortController();
    uploadAbort.current = abort;
    setUploadProgress({ loaded: 0, total: file.size });
    let result: Awaited<ReturnType<typeof submitSpreadsheet>>;
    try {
      result = await submitSpreadsheet(api, uploads, {
        draft: { ...base, accountId: values.accountId },
        file,
        control: {
          idempotencyKey,
          signal: abort.signal,
          onProgress: (progress) => {
            if (!abort.signal.aborted) setUploadProgress(progress);
          },
          onUploaded: () => setUploadProgress(undefined),
        },
      });
    } catch (error) {
      // Cancelled by the user: step 1 stays as it was, without an error.
      if (abort.signal.aborted && isAbortError(error)) return false;
      throw error;
    } finally {
      if (uploadAbort.current === abort) uploadAbort.current = undefined;
    }
    if (!result.ok) {
      setMessage(result.message);
      setGate((g) => gates.markError(g, 0));
      return false;
    }
    setDraft({ ...base, ...result, accountId: values.accountId, fileReplaced: mode === 'edit' });
    setGate((g) => gates.withFileSubmitted(g, true));
    return true;
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await task();
    } catch (error) {
      if (!reportApiError(error)) setMessage(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const next = () =>
    run(async () => {
      if (gate.active === 0) {
        if (!validateStep1() || !(await submitFileIfNeeded())) return;
        setGate((g) => gates.advance(gates.withFileSubmitted(g, true), steps.length));
        return;
      }
      if (steps[gate.active] === 'Fields' && !isConfigurationValid(configErrors)) {
        setGate((g) => gates.markError(g, g.active));
        return;
      }
      setGate((g) => gates.advance(g, steps.length));
    });

  const finish = () =>
    run(async () => {
      if (!validateStep1() || !(await submitFileIfNeeded())) return;
      if (!isConfigurationValid(configErrors)) {
        setGate((g) => gates.markError(g, steps.indexOf('Fields')));
        return;
      }
      if (!draft) return;
      const engineDraft = {
        ...draft,
        accountId: values.accountId,
        searchEngineName: values.searchEngineName.trim(),
      };
      await publishDraft(api, engineDraft);
      // What was published is saved; only a change made while publishing would still ask.
      saved.current = { values, configuration: draft.configuration };
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: enginesQuery(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientsQuery(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQuery(api).queryKey }),
      ]);
      toast(`Search engine ${engineDraft.searchEngineName} ${mode === 'create' ? 'created' : 'saved'}.`);
      navigate('/');
    });

  return {
    mode,
    steps,
    accounts,
    values,
    draft,
    gate,
    nameErrors,
    configErrors,
    message,
    busy,
    load,
    /** Changes since the wizard opened or last published, for the unsaved-changes prompt. */
    isDirty,
    uploadProgress,
    cancelUpload: () => uploadAbort.current?.abort(),
    changeName(change: Partial<NameStepValues>) {
      setValues((v) => ({ ...v, ...change }));
      setNameErrors({});
      setMessage(undefined);
      const fileChanged = 'file' in change || 'accountId' in change;
      // A new file or account must be submitted again; unticking "update the file" keeps the current one.
      if (change.updateFile === false) setGate((g) => gates.withFileSubmitted(gates.clearError(g, 0), true));
      else if (fileChanged) setGate((g) => gates.withFileSubmitted(gates.clearError(g, 0), false));
    },
    changeConfiguration(next: ParametricConfiguration) {
      setDraft((d) => (d ? { ...d, configuration: next } : d));
      setGate((g) => gates.clearError(g, g.active));
    },
    next,
    finish,
    previous: () => setGate((g) => gates.previous(g)),
    visit: (index: number) => setGate((g) => gates.visit(g, index)),
  };
}
