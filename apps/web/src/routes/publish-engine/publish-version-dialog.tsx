import DialogContentText from '@mui/material/DialogContentText';
import type { SpreadsheetHistoryEntry } from '@siteseer/core';
import { ConfirmDialog } from '../../shell/confirm-dialog.tsx';
import { uploadedAt } from './versions-table.tsx';

/**
 * 'Publish version N?': names the version (file, upload time, rows) and what happens to the live
 * one. While publishing a spinner shows and the dialog cannot be closed; a refusal shows in it.
 */
export function PublishVersionDialog({
  entry,
  liveVersion,
  onCancel,
  onConfirm,
}: {
  entry: SpreadsheetHistoryEntry;
  liveVersion: number | undefined;
  onCancel: () => void;
  /** Publishes the version; a rejection shows its message and unlocks the dialog. */
  onConfirm: () => Promise<void>;
}) {
  const rows = entry.rowCount === undefined ? '' : `, ${entry.rowCount.toLocaleString()} rows`;
  return (
    <ConfirmDialog
      title={`Publish version ${entry.version}?`}
      confirmLabel={`Publish version ${entry.version}`}
      busyLabel="Publishing"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <DialogContentText gutterBottom>
        Version {entry.version} ({entry.originalFileName}, uploaded {uploadedAt(entry.uploadDate)}
        {rows}) becomes the live version: the search on your site answers from it as soon as it is published,
        with that version's columns and filters.
      </DialogContentText>
      {liveVersion !== undefined && (
        <DialogContentText>
          Version {liveVersion}, live now, stays in the list and can be published again.
        </DialogContentText>
      )}
    </ConfirmDialog>
  );
}
