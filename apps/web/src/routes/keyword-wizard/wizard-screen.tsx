import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@siteseer/core';
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useLocation, useParams } from 'react-router';
import { EngineCreateGate } from '../../shell/engine-create-gate.tsx';
import { EngineEditGate } from '../../shell/engine-edit-gate.tsx';
import { UnsavedChangesPrompt } from '../../shell/unsaved-changes-prompt.tsx';
import { ENGINE_NOT_FOUND, type KeywordEditLoad, type LoadedKeywordEngine } from './edit-loader.ts';
import { StepBody } from './step-body.tsx';
import { isUnlocked } from './step-gate.ts';
import { useKeywordWizard } from './use-keyword-wizard.ts';
import { entryUrl } from './wizard-entry.ts';

export { editLoader } from './edit-loader.ts';

const CREATE_TITLE = 'Keyword Creation Wizard';
const EDIT_TITLE = 'Keyword Edit Wizard';

/**
 * The keyword wizard, create (/engine/keyword/create) or edit (/engine/keyword/{id}/edit, after its
 * loader read the engine and its client): the steps of core's keywordWizardSteps, Previous, Next and
 * 'Create & Publish' / 'Publish'.
 */
export function Component() {
  const { engineId } = useParams();
  const editLoad = useLoaderData<KeywordEditLoad | undefined>();
  const location = useLocation();
  const title = engineId ? EDIT_TITLE : CREATE_TITLE;
  if (engineId && editLoad?.state !== 'ready') {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{title}</Typography>
        <Alert severity="error">{editLoad?.message ?? ENGINE_NOT_FOUND}</Alert>
      </Stack>
    );
  }
  const loaded = engineId && editLoad?.state === 'ready' ? editLoad.engine : undefined;
  // Another engine's edit URL is another wizard: its state starts again from that engine's load.
  const wizard = (
    <Wizard key={engineId ?? 'create'} title={title} loaded={loaded} firstUrl={entryUrl(location.state)} />
  );
  if (!loaded)
    return (
      <EngineCreateGate title={title} productType="kw">
        {wizard}
      </EngineCreateGate>
    );
  return (
    <EngineEditGate title={title} engine={{ accountId: loaded.accountId, searchEngineType: 'kw' }}>
      {wizard}
    </EngineEditGate>
  );
}

function Wizard({
  title,
  loaded,
  firstUrl,
}: {
  title: string;
  loaded: LoadedKeywordEngine | undefined;
  firstUrl: string | undefined;
}) {
  const wizard = useKeywordWizard(loaded, firstUrl);
  const { mode, steps, gate, busy } = wizard;
  const stepRef = useRef<HTMLElement>(null);
  // The step a Next, a step click or the finish button asked for. When the wizard stays short of it
  // (a step blocked), the first field in error takes focus: otherwise a keyboard or screen reader
  // user is left on the button, below the step, with only 'Correct errors before proceeding.'.
  const [focusRequest, setFocusRequest] = useState<{ target: number } | undefined>();
  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(undefined);
    if (gate.active === focusRequest.target) return;
    stepRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, gate.active]);
  const towards = (target: number, action: () => void) => () => {
    setFocusRequest({ target });
    action();
  };

  if (mode === 'create' && wizard.accounts.length === 0) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{title}</Typography>
        <Alert severity="info">{MESSAGES.noAccountsForProduct}</Alert>
      </Stack>
    );
  }

  const step = steps[gate.active] ?? 'Name';
  const last = gate.active === steps.length - 1;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{title}</Typography>
      <Stepper
        nonLinear
        activeStep={gate.active}
        aria-label="Wizard steps"
        // Seven steps do not fit a phone's width in one row: they wrap rather than widen the page
        // (WCAG 1.4.10 Reflow), which left the last steps off screen behind a sideways scroll.
        sx={(theme) => ({
          flexWrap: 'wrap',
          rowGap: 1,
          // No connector lines on narrow screens, where a wrapped row's would stretch across it; and
          // no negative margins on the step buttons, whose hit areas would cover the row above.
          [theme.breakpoints.down('md')]: {
            '& .MuiStepConnector-root': { display: 'none' },
            '& .MuiStep-root': { flex: '0 0 auto' },
            '& .MuiStepButton-root': { margin: 0, padding: theme.spacing(1) },
          },
        })}
      >
        {steps.map((name, index) => (
          <Step key={name} completed={wizard.isDone(index)}>
            <StepButton
              disabled={!isUnlocked(gate, index) || busy}
              onClick={towards(index, () => wizard.visit(index))}
            >
              <StepLabel error={wizard.inError(index)}>{name}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box component="section" aria-label={step} ref={stepRef}>
        <StepBody step={step} wizard={wizard} />
      </Box>
      {wizard.blockingMessage && <Alert severity="error">{wizard.blockingMessage}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button disabled={gate.active === 0 || busy} onClick={wizard.previous}>
          Previous
        </Button>
        {!last && (
          <Button variant="contained" disabled={busy} onClick={towards(gate.active + 1, wizard.next)}>
            Next
          </Button>
        )}
        {last && (
          <Button variant="contained" disabled={busy} onClick={towards(gate.active, wizard.finish)}>
            {mode === 'create' ? 'Create & Publish' : 'Publish'}
          </Button>
        )}
        {busy && <CircularProgress size={24} aria-label="Saving" />}
      </Stack>
      {wizard.failure && (
        <Alert severity="error">
          {wizard.failure.message}
          {wizard.failure.detail && (
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {wizard.failure.detail}
            </Typography>
          )}
        </Alert>
      )}
      <UnsavedChangesPrompt isDirty={wizard.isDirty} />
    </Stack>
  );
}
