import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';

/**
 * The account pages' buttons (spec 2.7, 2.9): Edit in view mode (when the viewer may edit), Save
 * while editing (disabled until there are changes, and while saving), Done always.
 */
export function AccountButtons({
  editing,
  canEdit,
  canSave,
  saving,
  onEdit,
  onSave,
  onDone,
}: {
  editing: boolean;
  canEdit: boolean;
  canSave: boolean;
  saving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onDone: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {!editing && canEdit && (
        <Button variant="contained" onClick={onEdit}>
          Edit
        </Button>
      )}
      {editing && (
        <Button variant="contained" disabled={!canSave || saving} onClick={onSave}>
          Save
        </Button>
      )}
      <Button variant="outlined" disabled={saving} onClick={onDone}>
        Done
      </Button>
      {saving && <CircularProgress size={24} aria-label="Saving" />}
    </Stack>
  );
}
