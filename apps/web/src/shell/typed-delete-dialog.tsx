import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isDeleteConfirmed } from '@siteseer/core';
import { type ReactNode, useId, useState } from 'react';

/**
 * A delete confirmed by typing the name (the spec's engine and account dialogs): the confirm button
 * is enabled only when the typed text equals `name` exactly; while deleting a spinner shows and the
 * dialog cannot be closed or cancelled; a failure shows its message and unlocks it. The parent
 * unmounts it on close, which resets its state.
 */
export function TypedDeleteDialog({
  title,
  name,
  nameLabel,
  confirmLabel,
  failure,
  children,
  onClose,
  onDelete,
}: {
  title: string;
  name: string;
  /** The label of the box the name is typed into. */
  nameLabel: string;
  confirmLabel: string;
  /** Shown when `onDelete` rejects with something that is not an Error. */
  failure: string;
  /** The warning and notes above the box. */
  children: ReactNode;
  onClose: () => void;
  onDelete: () => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const close = () => {
    if (!deleting) onClose();
  };
  const confirm = async () => {
    setDeleting(true);
    setError(undefined);
    try {
      await onDelete();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : failure);
      setDeleting(false);
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <TextField
          label={nameLabel}
          fullWidth
          margin="dense"
          autoComplete="off"
          value={typed}
          disabled={deleting}
          onChange={(event) => setTyped(event.target.value)}
        />
        {deleting && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
            <CircularProgress aria-label="Deleting" />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={deleting}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={deleting || !isDeleteConfirmed(typed, name)}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The typed-name dialog's paragraphs. */
export function DeleteNote({ children }: { children: ReactNode }) {
  return <DialogContentText gutterBottom>{children}</DialogContentText>;
}
