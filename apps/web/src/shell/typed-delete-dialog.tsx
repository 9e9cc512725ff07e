import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { isDeleteConfirmed } from '@siteseer/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * A delete confirmed by typing the name (the spec's engine and account dialogs): a ConfirmDialog
 * whose confirm button is enabled only when the typed text equals `name` exactly; the box is
 * locked with the rest of the dialog while deleting. Enter in the box confirms once the name matches.
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
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      destructive
      busyLabel="Deleting"
      confirmDisabled={!isDeleteConfirmed(typed, name)}
      failure={failure}
      onConfirm={onDelete}
      onCancel={onClose}
      field={(locked, confirm) => (
        <TextField
          label={nameLabel}
          fullWidth
          margin="dense"
          autoComplete="off"
          value={typed}
          disabled={locked}
          onChange={(event) => setTyped(event.target.value)}
          // Typing the name then Enter confirms, as in other typed-name confirmations; until the
          // name matches, Enter does nothing (the confirm action is off too).
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            confirm();
          }}
        />
      )}
    >
      {children}
    </ConfirmDialog>
  );
}

/** The typed-name dialog's paragraphs. */
export function DeleteNote({ children }: { children: ReactNode }) {
  return <DialogContentText gutterBottom>{children}</DialogContentText>;
}
