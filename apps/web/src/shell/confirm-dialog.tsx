import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useState } from 'react';
import { errorText } from '../api/error-text.ts';

/**
 * A question with a confirm and a cancel button. An asynchronous `onConfirm` shows a spinner and
 * locks the dialog (no close, no cancel, `field` disabled) until it settles; a rejection shows its
 * message and unlocks it. The parent unmounts it on close, which resets its state.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busyLabel = 'Working',
  confirmDisabled = false,
  failure,
  field,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The spinner's accessible name while `onConfirm` runs. */
  busyLabel?: string;
  /** Keeps the confirm button off while the question is not answered yet (a name still to type). */
  confirmDisabled?: boolean;
  /** Shown when `onConfirm` rejects with something that is not an Error (else its text). */
  failure?: string;
  /**
   * An input under the question, told whether the dialog is locked and given the confirm action
   * (for Enter in it; the action does nothing while the confirm button is off).
   */
  field?: (locked: boolean, confirm: () => void) => ReactNode;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const cancel = () => {
    if (!busy) onCancel();
  };
  const confirm = async () => {
    if (busy || confirmDisabled) return;
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
    } catch (cause) {
      setError(cause instanceof Error ? errorText(cause) : (failure ?? String(cause)));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {field?.(busy, () => void confirm())}
        {busy && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
            <CircularProgress aria-label={busyLabel} />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={busy || confirmDisabled}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
