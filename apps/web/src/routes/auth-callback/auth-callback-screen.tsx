import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { unwrap } from '../../api/portal-api.ts';
import { featuresQuery, profileQuery } from '../../api/queries.ts';
import { PublicPage } from '../../shell/public-page.tsx';
import { useServices } from '../../shell/services.tsx';
import { safeRedirect } from '../login/safe-redirect.ts';

/**
 * /auth/callback: exchanges the authorization code (PKCE), stores the tokens, fetches the profile,
 * then goes to the redirect the sign-in started with.
 */
export function Component() {
  const { session, api, queryClient } = useServices();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | undefined>();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(window.location.href);
    const providerError = url.searchParams.get('error_description') ?? url.searchParams.get('error');
    if (providerError) {
      setFailure(providerError);
      return;
    }
    (async () => {
      const redirect = await session.completeLogin(url);
      queryClient.clear();
      const [profile, features] = await Promise.all([
        api.profile.me().then((r) => unwrap(r)),
        api.features.list().then((r) => unwrap(r)),
      ]);
      queryClient.setQueryData(profileQuery(api).queryKey, profile);
      queryClient.setQueryData(featuresQuery(api).queryKey, features);
      navigate(safeRedirect(redirect), { replace: true });
    })().catch((error: unknown) => {
      setFailure(error instanceof Error ? error.message : 'The sign-in could not be completed.');
    });
  }, [session, api, queryClient, navigate]);

  return (
    <PublicPage>
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1">Signing in</Typography>
        {failure ? (
          <>
            <Alert severity="error">{failure}</Alert>
            <Button component={RouterLink} to="/login" variant="contained">
              Sign in again
            </Button>
          </>
        ) : (
          <CircularProgress aria-label="Signing in" />
        )}
      </Stack>
    </PublicPage>
  );
}
