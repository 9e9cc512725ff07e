import type { SearchEngine } from '@siteseer/core';
import { MESSAGES } from '@siteseer/core';
import { DeleteNote, TypedDeleteDialog } from '../../shell/typed-delete-dialog.tsx';

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
  const name = engine.searchEngineName;
  return (
    <TypedDeleteDialog
      title="Delete Search Engine?"
      name={name}
      nameLabel="Search engine name"
      confirmLabel="Yes Delete this Search"
      failure="The search engine could not be deleted."
      onClose={onClose}
      onDelete={onDelete}
    >
      <DeleteNote>
        The search engine <strong>{name}</strong> will be permanently deleted. Type its name to confirm.
      </DeleteNote>
      {engine.searchEngineType === 'kw' && <DeleteNote>{MESSAGES.keywordDeleteNote}</DeleteNote>}
    </TypedDeleteDialog>
  );
}
