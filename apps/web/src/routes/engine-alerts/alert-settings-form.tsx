import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AlertSettings } from '@siteseer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { queryKeys } from '../../api/queries.ts';
import { useServices } from '../../shell/services.tsx';

/** The form's fields as typed (numbers too: the server says what is wrong with them). */
interface Fields {
  webhookUrl: string;
  emails: string;
  errorSharePercent: string;
  zeroResultPercent: string;
  zeroResultMinSearches: string;
}

function fieldsOf(settings: AlertSettings): Fields {
  return {
    webhookUrl: settings.webhookUrl ?? '',
    emails: settings.emails.join('\n'),
    errorSharePercent: String(settings.errorSharePercent),
    zeroResultPercent: String(settings.zeroResultPercent),
    zeroResultMinSearches: String(settings.zeroResultMinSearches),
  };
}

type Busy = 'save' | 'rotate' | 'test';

/**
 * Where a keyword engine's alerts go and when: a webhook URL, e-mail addresses (one a line) and the
 * two thresholds, saved whole; a new webhook secret is shown once, above the form, to copy. "Send
 * Test Alert" queues one to every channel. For a viewer who may not edit the engine every field is
 * read-only and there is no button; without an SMTP server there is no e-mail field, and a line says why.
 */
export function AlertSettingsForm({
  engine,
  settings,
  canEdit,
}: {
  engine: { id: string; accountId: string };
  settings: AlertSettings;
  canEdit: boolean;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(settings));
  const [busy, setBusy] = useState<Busy | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | undefined>();
  // A viewer who may not edit reads the fields (read-only, not disabled: their text keeps its
  // contrast); while a call runs nobody types.
  const field = (name: keyof Fields, input: Record<string, unknown> = {}) => ({
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
    slotProps: { htmlInput: { ...input, readOnly: !canEdit || busy !== undefined } },
  });

  const run = async (action: Busy) => {
    setBusy(action);
    setError(undefined);
    setDone(undefined);
    try {
      if (action === 'test') {
        const sent = unwrap(await api.alerts.test(engine.id, engine.accountId));
        setDone(
          `A test alert is on its way to ${sent.queued === 1 ? '1 channel' : `${sent.queued} channels`}.`,
        );
      } else {
        const saved = unwrap(
          await api.alerts.update(engine.id, {
            accountId: engine.accountId,
            webhookUrl: fields.webhookUrl.trim() || null,
            emails: fields.emails.split(/[\s,;]+/).filter((email) => email !== ''),
            errorSharePercent: Number(fields.errorSharePercent),
            zeroResultPercent: Number(fields.zeroResultPercent),
            zeroResultMinSearches: Number(fields.zeroResultMinSearches),
            rotateSecret: action === 'rotate',
          }),
        );
        const { webhookSecret, ...kept } = saved;
        queryClient.setQueryData(queryKeys.alerts(engine.id, engine.accountId), kept);
        setFields(fieldsOf(saved));
        setSecret(webhookSecret);
        setDone('The alerts are saved.');
      }
      // The log is read again in the background: the buttons are free at once.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.alertDeliveries(engine.id, engine.accountId),
      });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Stack
      spacing={2}
      component="form"
      aria-label="Alert settings"
      onSubmit={(event) => event.preventDefault()}
    >
      {secret && (
        <Alert severity="warning">
          <Stack spacing={1}>
            <Typography>
              This is the webhook secret. Copy it now: it is not shown again. Your receiver checks the
              Siteseer-Signature header of each alert with it.
            </Typography>
            <TextField
              label="Webhook secret"
              value={secret}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
              onFocus={(event) => event.target.select()}
              fullWidth
            />
          </Stack>
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {done && <Alert severity="success">{done}</Alert>}
      <TextField
        label="Webhook URL"
        placeholder="https://hooks.example.com/siteseer"
        helperText="Each alert is POSTed here as JSON, signed. Leave it empty for no webhook."
        type="url"
        {...field('webhookUrl')}
      />
      {settings.emailAvailable ? (
        <TextField
          label="E-mail addresses"
          helperText="One a line, at most 10."
          multiline
          minRows={2}
          {...field('emails')}
        />
      ) : (
        <Typography>E-mail alerts are off: this server has no SMTP server configured.</Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="4xx/5xx share of a crawl (%)"
          helperText="Alert when more of a finished crawl's URLs answer 4xx or 5xx."
          type="number"
          {...field('errorSharePercent', { min: 1, max: 100 })}
        />
        <TextField
          label="Searches without results (%)"
          helperText="Alert when more of the last 7 days' searches find nothing..."
          type="number"
          {...field('zeroResultPercent', { min: 1, max: 100 })}
        />
        <TextField
          label="Minimum searches"
          helperText="...and there were at least this many (checked hourly, at most one alert a day)."
          type="number"
          {...field('zeroResultMinSearches', { min: 1 })}
        />
      </Stack>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={() => run('save')} disabled={busy !== undefined}>
            Save Alerts
          </Button>
          <Button
            variant="outlined"
            onClick={() => run('test')}
            disabled={busy !== undefined || (!settings.webhookUrl && settings.emails.length === 0)}
          >
            Send Test Alert
          </Button>
          {settings.webhookUrl && (
            <Button variant="outlined" onClick={() => run('rotate')} disabled={busy !== undefined}>
              Replace Webhook Secret
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
