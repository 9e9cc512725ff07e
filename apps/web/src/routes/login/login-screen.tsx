import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PublicPage } from '../../shell/public-page.tsx';
import { useServices } from '../../shell/services.tsx';
import { safeRedirect } from './safe-redirect.ts';

/**
 * /login: a signed-in user is sent home; anyone else starts the authorization code + PKCE flow. The
 * provider's sign-in page (Email, Password, LOGIN, 'Bad login information', 'Need help logging in?')
 * is served by the identity provider, then the provider returns to /auth/callback.
 */
export function Component() {
  const { session, config } = useServices();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const signedIn = session.isSignedIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const start = () => {
    setFailed(false);
    session.startLogin(redirect).then(
      (url) => window.location.assign(url.href),
      () => setFailed(true),
    );
  };

  useEffect(() => {
    // Effects run twice in development (StrictMode); one sign-in is enough.
    if (signedIn || started.current) return;
    started.current = true;
    start();
  });

  if (signedIn) return <Navigate to="/" replace />;
  return (
    <PublicPage>
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1">Sign in to Siteseer</Typography>
        {failed ? (
          <>
            <Alert severity="error">The sign-in service could not be reached.</Alert>
            <Button variant="contained" onClick={start}>
              Try again
            </Button>
          </>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-label="Redirecting to sign in" />
            <Typography>Redirecting to sign in...</Typography>
          </Stack>
        )}
        <Button href={config.forgotPasswordUrl} variant="text">
          Need help logging in?
        </Button>
      </Stack>
    </PublicPage>
  );
}
