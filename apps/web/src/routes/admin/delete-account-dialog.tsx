import { MESSAGES } from '@siteseer/core';
import { DeleteNote, TypedDeleteDialog } from '../../shell/typed-delete-dialog.tsx';

/**
 * 'Delete Account?' (spec 2.8, 4): the warning, the account's name typed exactly before 'Yes Delete
 * this Account' is enabled, the note that it takes a while, and a spinner while deleting, when the
 * dialog cannot be closed or cancelled.
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
  return (
    <TypedDeleteDialog
      title="Delete Account?"
      name={name}
      nameLabel="Account name"
      confirmLabel="Yes Delete this Account"
      failure="The account could not be deleted."
      onClose={onClose}
      onDelete={onDelete}
    >
      <DeleteNote>
        The account <strong>{name}</strong> and all its search engines will be permanently deleted. Type the
        account's name to confirm.
      </DeleteNote>
      <DeleteNote>{MESSAGES.accountDeleteNote}</DeleteNote>
    </TypedDeleteDialog>
  );
}
