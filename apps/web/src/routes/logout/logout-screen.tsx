import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@siteseer/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../shell/public-page.tsx';
import { useServices } from '../../shell/services.tsx';
import { endFrameSession } from './end-frame-session.ts';

/**
 * /logout: 'Logging out...' while the analytics frames' cookie is cleared (with the token, so
 * first), the refresh token revoked and the provider's session ended; the provider then returns to
 * /login. Any failure also goes to /login.
 */
export function Component() {
  const { session, queryClient, api } = useServices();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ended = session.isSignedIn() ? endFrameSession(api) : Promise.resolve();
    ended
      .then(() => session.logout())
      .then(
        (endSession) => {
          queryClient.clear();
          if (endSession) window.location.assign(endSession.href);
          else navigate('/login', { replace: true });
        },
        () => {
          queryClient.clear();
          navigate('/login', { replace: true });
        },
      );
  }, [session, queryClient, api, navigate]);

  return (
    <PublicPage>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {MESSAGES.loggingOut}
        </Typography>
      </Stack>
    </PublicPage>
  );
}
