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
import type { SearchEngine } from '@siteseer/core';
import { isDeleteConfirmed, MESSAGES } from '@siteseer/core';
import { useId, useState } from 'react';

/**
 * 'Delete Search Engine?': the engine's name must be typed exactly before 'Yes Delete this Search'
 * is enabled; while deleting a spinner shows and the dialog cannot be closed. Keyword engines add the
 * note that deleting crawlers takes a while.
 */
export function DeleteEngineDialog({
  engine,
  onClose,
  onDelete,
}: {
  engine: Pick<SearchEngine, 'searchEngineName' | 'searchEngineType'>;
  onClose: () => void;
  /** Deletes the engine; a rejection shows its message and unlocks the dialog. */
  onDelete: () => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const name = engine.searchEngineName;
  const close = () => {
    if (!deleting) onClose();
  };
  const confirm = async () => {
    setDeleting(true);
    setError(undefined);
    try {
      await onDelete();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The search engine could not be deleted.');
      setDeleting(false);
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Delete Search Engine?</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>
          The search engine <strong>{name}</strong> will be permanently deleted. Type its name to confirm.
        </DialogContentText>
        {engine.searchEngineType === 'kw' && (
          <DialogContentText gutterBottom>{MESSAGES.keywordDeleteNote}</DialogContentText>
        )}
        <TextField
          label="Search engine name"
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
          Yes Delete this Search
        </Button>
      </DialogActions>
    </Dialog>
  );
}
