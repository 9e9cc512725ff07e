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
import { isDeleteConfirmed, MESSAGES } from '@siteseer/core';
import { useId, useState } from 'react';

/**
 * 'Delete Account?' (spec 2.8, 4): the warning, the account's name typed exactly before 'Yes Delete
 * this Account' is enabled, the note that it takes a while, and a spinner while deleting, when the
 * dialog cannot be closed or cancelled. The parent unmounts it on close, which resets its state.
 */
export function DeleteAccountDialog({
  name,
  onClose,
  onDelete,
}: {
  name: string;
  onClose: () => void;
  /** Deletes the account; a rejection shows its message and unlocks the dialog. */
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
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The account could not be deleted.');
      setDeleting(false);
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Delete Account?</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>
          The account <strong>{name}</strong> and all its search engines will be permanently deleted. Type the
          account's name to confirm.
        </DialogContentText>
        <DialogContentText gutterBottom>{MESSAGES.accountDeleteNote}</DialogContentText>
        <TextField
          label="Account name"
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
          Yes Delete this Account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
