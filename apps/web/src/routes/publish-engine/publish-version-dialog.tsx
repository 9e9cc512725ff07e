import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SpreadsheetHistoryEntry } from '@siteseer/core';
import { useId } from 'react';
import { uploadedAt } from './versions-table.tsx';

/**
 * 'Publish version N?': names the version (file, upload time, rows) and what happens to the live
 * one. While publishing a spinner shows and the dialog cannot be closed; a refusal shows in it.
 */
export function PublishVersionDialog({
  entry,
  liveVersion,
  publishing,
  error,
  onCancel,
  onConfirm,
}: {
  entry: SpreadsheetHistoryEntry;
  liveVersion: number | undefined;
  publishing: boolean;
  error: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const close = () => {
    if (!publishing) onCancel();
  };
  const rows = entry.rowCount === undefined ? '' : `, ${entry.rowCount.toLocaleString()} rows`;
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Publish version {entry.version}?</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>
          Version {entry.version} ({entry.originalFileName}, uploaded {uploadedAt(entry.uploadDate)}
          {rows}) becomes the live version: the search on your site answers from it as soon as it is
          published, with that version's columns and filters.
        </DialogContentText>
        {liveVersion !== undefined && (
          <DialogContentText>
            Version {liveVersion}, live now, stays in the list and can be published again.
          </DialogContentText>
        )}
        {publishing && (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
            <CircularProgress aria-label="Publishing" />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={publishing}>
          Cancel
        </Button>
        <Button variant="contained" disabled={publishing} onClick={onConfirm}>
          Publish version {entry.version}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
