import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INSPECTIONS_PER_MINUTE,
  inspectionSteps,
  inspectionVerdict,
  type UrlInspection,
  withoutBidiControls,
} from '@siteseer/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { useServices } from '../../shell/services.tsx';

/**
 * Beyond the spec: "Why is this page not in my search?" on the crawl report. The URL typed is
 * fetched now by the server as the engine's crawler would (`POST datasource/crawler/inspect`, the
 * CLI's `crawl inspect`), rendered in Chromium first for an engine that renders JavaScript, and
 * what each step came to is shown: the reasons first, then the steps in a table (its Rendering row
 * says how the page was read). Nothing is stored; the texts come from crawled sites and are shown
 * as text only.
 */
export function UrlInspector({ accountId, engineId }: { accountId: string; engineId: string }) {
  const { api } = useServices();
  const headingId = useId();
  const [url, setUrl] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [inspection, setInspection] = useState<UrlInspection | undefined>();
  // Only the answer to the latest inspection asked for is shown.
  const latest = useRef(0);

  const inspect = async (event: FormEvent) => {
    event.preventDefault();
    const asked = ++latest.current;
    setRunning(true);
    setError(undefined);
    try {
      const answer = unwrap(await api.crawler.inspect({ accountId, engineId, url: url.trim() }));
      if (asked === latest.current) setInspection(answer);
    } catch (cause) {
      if (asked === latest.current) setError(errorText(cause));
    } finally {
      if (asked === latest.current) setRunning(false);
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h2">
        Why is this page not in my search?
      </Typography>
      <Typography color="text.secondary">
        The page is fetched now, as the crawler would fetch it (and render it, for an engine that renders
        JavaScript), and each step is explained. Nothing is stored. An account may inspect{' '}
        {INSPECTIONS_PER_MINUTE} URLs a minute.
      </Typography>
      <Stack
        component="form"
        onSubmit={inspect}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="URL to inspect"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={running || url.trim() === ''}
          startIcon={running ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          sx={{ flexShrink: 0 }}
        >
          Inspect
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {inspection && <InspectionResult inspection={inspection} />}
    </Stack>
  );
}

/** The verdict with its reasons and notes, then a row per step. */
function InspectionResult({ inspection }: { inspection: UrlInspection }) {
  const text = (value: string) => withoutBidiControls(value);
  return (
    <Stack spacing={1.5} aria-live="polite">
      <Alert severity={inspection.indexable ? 'success' : 'warning'}>
        <AlertTitle>
          {inspectionVerdict(inspection)}: {text(inspection.url)}
        </AlertTitle>
        {inspection.reasons.length > 0 && (
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {inspection.reasons.map((reason) => (
              <li key={reason}>{text(reason)}</li>
            ))}
          </ul>
        )}
        {inspection.indexable && inspection.reasons.length === 0 && 'The crawler would index this page.'}
      </Alert>
      {inspection.notes.length > 0 && (
        <Alert severity="info">
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {inspection.notes.map((note) => (
              <li key={note}>{text(note)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="Inspection steps">
          <TableBody>
            {inspectionSteps(inspection).map(([label, value]) => (
              <TableRow key={`${label} ${value ?? ''}`}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ width: { xs: '6.5rem', sm: '9rem' }, fontWeight: 600, verticalAlign: 'top' }}
                >
                  {label}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word', verticalAlign: 'top' }}>
                  {value === null ? '—' : text(value)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
