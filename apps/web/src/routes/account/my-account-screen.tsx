import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Account } from '@siteseer/core';
import { canEditAccount, seesMyAccount } from '@siteseer/core';
import { Navigate, useMatches, useParams, useSearchParams } from 'react-router';
import { useScreenTitle } from '../../shell/page-title.ts';
import { useFeatures, useProfile, useViewer } from '../../shell/session-data.ts';
import { ErrorView } from '../error/error-view.tsx';
import { notFoundReport } from '../error/not-found.ts';
import { MyAccountPage } from './my-account-page.tsx';

const ACTIONS = ['view', 'edit'] as const;
type Action = (typeof ACTIONS)[number];

/** The account My Account shows: the one named in `?account=`, else the first of the user's accounts. */
function chosenAccount(accounts: readonly Account[], requested: string | null): Account | undefined {
  return accounts.find((account) => account.id === requested) ?? accounts[0];
}

/**
 * /account/{action}, My Account (spec 2.9): action view or edit. Like its navigation entry, the
 * page is for users with the my-account feature who are not super admins (others go home); a plain
 * user sees it in view mode only. A user of several accounts picks one (kept in `?account=`).
 */
export function Component() {
  const { action } = useParams();
  const matches = useMatches();
  const viewer = useViewer();
  const features = useFeatures();
  const profile = useProfile();
  const [search, setSearch] = useSearchParams();
  const account = chosenAccount(profile.accounts, search.get('account'));
  useScreenTitle(
    account && (action === 'edit' ? `Editing My Account: ${account.name}` : `My Account: ${account.name}`),
  );
  if (!ACTIONS.includes(action as Action)) {
    return <ErrorView report={notFoundReport(matches.at(-1)?.pathname ?? '')} />;
  }
  if (!seesMyAccount(viewer, features)) return <Navigate to="/" replace />;
  if (!account) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">My Account</Typography>
        <Alert severity="info">You do not belong to any account yet.</Alert>
      </Stack>
    );
  }
  const query = profile.accounts.length > 1 ? `?account=${encodeURIComponent(account.id)}` : '';
  if (action === 'edit' && !canEditAccount(viewer, account.id))
    return <Navigate to={`/account/view${query}`} replace />;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">My Account</Typography>
      {profile.accounts.length > 1 && (
        <TextField
          select
          label="Account"
          value={account.id}
          disabled={action === 'edit'}
          helperText={action === 'edit' ? 'Save or press Done before switching accounts.' : undefined}
          onChange={(event) => setSearch({ account: event.target.value })}
          slotProps={{ select: { native: true } }}
          sx={{ maxWidth: 400 }}
        >
          {profile.accounts.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </TextField>
      )}
      <MyAccountPage key={account.id} accountId={account.id} mode={action as Action} query={query} />
    </Stack>
  );
}
