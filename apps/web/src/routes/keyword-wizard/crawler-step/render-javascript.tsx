import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { crawlerCapabilitiesQuery } from '../../../api/queries.ts';
import { useServices } from '../../../shell/services.tsx';

/** What the switch does, under it. */
const RENDER_HINT =
  'Loads each page in a browser and reads it once its scripts have run, for sites whose pages are written by JavaScript (single-page apps). Crawls take longer.';

/**
 * The "Render JavaScript" switch (`renderJavaScript`). Where the server cannot render pages (no
 * Chromium), it cannot be turned on and says why, in the server's words; one already on can still
 * be turned off.
 */
export function RenderJavaScript({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const helpId = useId();
  const { api } = useServices();
  const capabilities = useQuery(crawlerCapabilitiesQuery(api));
  const refusal =
    capabilities.data?.renderJavaScript.available === false
      ? capabilities.data.renderJavaScript.reason
      : null;
  return (
    <FormControl>
      <FormControlLabel
        label="Render JavaScript"
        disabled={refusal !== null && !on}
        control={
          <Switch
            checked={on}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <FormHelperText id={helpId}>{refusal ?? RENDER_HINT}</FormHelperText>
    </FormControl>
  );
}
