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
import { ApplicationSettings, fileChanges, MESSAGES } from '@siteseer/core';
import { useLoaderData, useParams } from 'react-router';
import { EngineCreateGate } from '../../shell/engine-create-gate.tsx';
import { EngineEditGate } from '../../shell/engine-edit-gate.tsx';
import { UnsavedChangesPrompt } from '../../shell/unsaved-changes-prompt.tsx';
import { ConfigureStep } from './configure-step.tsx';
import type { EditLoad } from './edit-loader.ts';
import { FieldsStep } from './fields-step.tsx';
import { NameStep } from './name-step.tsx';
import { NewFileChanges } from './new-file-changes.tsx';
import { canVisit } from './step-gate.ts';
import { UploadProgressPanel } from './upload-progress.tsx';
import { useParametricWizard } from './use-parametric-wizard.ts';

const CREATE_TITLE = 'Create Parametric Search Engine';
const EDIT_TITLE = 'Edit Parametric Search Engine';

/**
 * The parametric wizard, create (/engine/parametric/create) or edit (/engine/parametric/{id}/edit):
 * steps Name, Fields and (with PM_WIZARD_SE_CONFIG) Configure; Previous, Next and the publish button.
 */
export function Component() {
  const { engineId } = useParams();
  const editLoad = useLoaderData<EditLoad | undefined>();
  // Another engine's edit URL is another wizard: its state starts again from that engine's load.
  const wizard = <Wizard key={engineId ?? 'create'} engineId={engineId} editLoad={editLoad} />;
  if (!engineId)
    return (
      <EngineCreateGate title={CREATE_TITLE} productType="pm">
        {wizard}
      </EngineCreateGate>
    );
  if (editLoad?.state !== 'ready') return wizard;
  return (
    <EngineEditGate
      title={EDIT_TITLE}
      engine={{ accountId: editLoad.draft.accountId, searchEngineType: 'pm' }}
    >
      {wizard}
    </EngineEditGate>
  );
}

export { editLoader } from './edit-loader.ts';

function Wizard({ engineId, editLoad }: { engineId: string | undefined; editLoad: EditLoad | undefined }) {
  const wizard = useParametricWizard(engineId, editLoad);
  const { mode, steps, gate, draft } = wizard;
  const title = mode === 'create' ? CREATE_TITLE : EDIT_TITLE;

  if (mode === 'create' && wizard.accounts.length === 0) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{title}</Typography>
        <Alert severity="info">{MESSAGES.noAccountsForProduct}</Alert>
      </Stack>
    );
  }
  if (wizard.load.state === 'failed') {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{title}</Typography>
        <Alert severity="error">{wizard.load.message}</Alert>
      </Stack>
    );
  }

  const step = steps[gate.active];
  const last = gate.active === steps.length - 1;
  const config = draft?.configuration;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{title}</Typography>
      <Stepper nonLinear activeStep={gate.active} aria-label="Wizard steps">
        {steps.map((name, index) => (
          <Step key={name} completed={gate.checked.includes(index) && index !== gate.active}>
            <StepButton disabled={!canVisit(gate, index) || wizard.busy} onClick={() => wizard.visit(index)}>
              <StepLabel error={gate.errors.includes(index)}>{name}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box component="section" aria-label={step}>
        {step === 'Name' && (
          <NameStep
            mode={mode}
            accounts={wizard.accounts}
            values={wizard.values}
            errors={wizard.nameErrors}
            disabled={wizard.busy}
            onChange={wizard.changeName}
          />
        )}
        {step === 'Fields' && config && (
          <FieldsStep
            config={config}
            rows={draft?.rows ?? []}
            warnings={draft?.warnings ?? []}
            errors={wizard.configErrors}
            onChange={wizard.changeConfiguration}
          />
        )}
        {step === 'Configure' && config && (
          <ConfigureStep
            settings={config.settings ?? ApplicationSettings.parse({})}
            onChange={(settings) => wizard.changeConfiguration({ ...config, settings })}
          />
        )}
      </Box>
      {wizard.uploadProgress && (
        <UploadProgressPanel progress={wizard.uploadProgress} onCancel={wizard.cancelUpload} />
      )}
      {last && draft?.fileReplaced && draft.before && config && (
        <NewFileChanges
          changes={fileChanges(draft.before.configuration, config, {
            before: draft.before.rowCount,
            after: draft.rowCount,
          })}
        />
      )}
      {wizard.message && <Alert severity="error">{wizard.message}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button disabled={gate.active === 0 || wizard.busy} onClick={wizard.previous}>
          Previous
        </Button>
        {!last && (
          <Button variant="contained" disabled={wizard.busy} onClick={() => void wizard.next()}>
            Next
          </Button>
        )}
        {last && (
          <Button variant="contained" disabled={wizard.busy} onClick={() => void wizard.finish()}>
            {mode === 'create' ? 'Create & Publish' : 'Finish & Publish'}
          </Button>
        )}
        {wizard.busy && !wizard.uploadProgress && <CircularProgress size={24} aria-label="Working" />}
      </Stack>
      <UnsavedChangesPrompt isDirty={wizard.isDirty} />
    </Stack>
  );
}
