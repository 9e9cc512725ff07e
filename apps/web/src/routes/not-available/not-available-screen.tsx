import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useMatches, useParams } from 'react-router';
import type { RouteHandle } from '../../shell/page-title.ts';
import { ErrorView } from '../error/error-view.tsx';
import { notFoundReport } from '../error/not-found.ts';

/** Route parameters that only take some values (e.g. an account page's action is view or edit). */
const ALLOWED_PARAMS: Record<string, Record<string, readonly string[]>> = {
  'admin-edit-account': { action: ['view', 'edit'] },
  'my-account': { action: ['view', 'edit'] },
};

/**
 * A screen of the portal's second part: the route, its name and its guards exist, and it says
 * plainly that the screen is not available yet (never a stand-in screen).
 */
export function Component() {
  const matches = useMatches();
  const params = useParams();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const allowed = handle ? ALLOWED_PARAMS[handle.name] : undefined;
  const invalid = Object.entries(allowed ?? {}).some(([key, values]) => !values.includes(params[key] ?? ''));
  if (invalid) return <ErrorView report={notFoundReport(matches.at(-1)?.pathname ?? '')} />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">{handle?.title ?? 'Not available yet'}</Typography>
      <Typography>This screen is not available yet.</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
