import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { MESSAGES } from '@siteseer/core';
import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router';

// Where the portal itself sends the user (session over, server error): never held back by a prompt.
const ALWAYS_ALLOWED = new Set(['/login', '/logout', '/error']);

/**
 * Asks before leaving a screen with unsaved changes: a route change inside the portal gets the
 * spec's question with Yes and Cancel; closing or reloading the tab gets the browser's own prompt.
 * `isDirty` is asked at the moment of leaving, so a save that clears it can navigate at once.
 */
export function UnsavedChangesPrompt({ isDirty }: { isDirty: () => boolean }) {
  const textId = useId();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      currentLocation.pathname !== nextLocation.pathname &&
      !ALWAYS_ALLOWED.has(nextLocation.pathname),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby={textId}>
      <DialogContent>
        <DialogContentText id={textId}>{MESSAGES.unsavedChanges}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()}>Cancel</Button>
        <Button variant="contained" onClick={() => blocker.proceed?.()}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
