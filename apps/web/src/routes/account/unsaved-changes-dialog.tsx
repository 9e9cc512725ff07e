import { MESSAGES } from '@siteseer/core';
import { ConfirmDialog } from '../../shell/confirm-dialog.tsx';

/** The spec's unsaved-changes question (2.7), answered Yes (leave, losing them) or Cancel (stay). */
export function UnsavedChangesDialog({ onYes, onCancel }: { onYes: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Unsaved changes" confirmLabel="Yes" onConfirm={onYes} onCancel={onCancel}>
      {MESSAGES.unsavedChanges}
    </ConfirmDialog>
  );
}
