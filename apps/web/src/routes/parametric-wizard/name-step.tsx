import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '@siteseer/core';
import { useId } from 'react';
import { EngineNameFields } from '../../shell/engine-name-fields.tsx';

export interface NameStepValues {
  accountId: string;
  searchEngineName: string;
  file: File | null;
  /** "I'd like to update the file" (edit mode). */
  updateFile: boolean;
}

/**
 * Step 1 'Name': the account, the engine name (trimmed, at least 5 characters) and the CSV or XLSX
 * file. Name and account are fixed in edit mode, where a file is asked for only when updating it.
 */
export function NameStep({
  mode,
  accounts,
  values,
  errors,
  disabled = false,
  onChange,
}: {
  mode: 'create' | 'edit';
  accounts: readonly { id: string; name: string }[];
  values: NameStepValues;
  errors: FieldErrors<'accountId' | 'searchEngineName' | 'file'>;
  /** While the file is being submitted: nothing can change. */
  disabled?: boolean;
  onChange: (change: Partial<NameStepValues>) => void;
}) {
  const fileInputId = useId();
  const fileHelpId = useId();
  const editing = mode === 'edit';
  const fileWanted = !editing || values.updateFile;
  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <EngineNameFields
        accounts={accounts}
        accountId={values.accountId}
        searchEngineName={values.searchEngineName}
        errors={errors}
        disabled={editing || disabled}
        onChange={onChange}
      />
      {editing && (
        <FormControlLabel
          control={
            <Checkbox
              checked={values.updateFile}
              disabled={disabled}
              onChange={(event) => onChange({ updateFile: event.target.checked, file: null })}
            />
          }
          label="I'd like to update the file"
        />
      )}
      {fileWanted && (
        <Box>
          <Typography component="p" variant="body2" gutterBottom>
            A CSV or XLSX file of up to 10 MB, with a header row.
          </Typography>
          <input
            id={fileInputId}
            type="file"
            accept=".csv,.xlsx"
            hidden
            aria-label="CSV or XLSX file"
            onChange={(event) => onChange({ file: event.target.files?.[0] ?? null })}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button
              variant="outlined"
              disabled={disabled}
              aria-describedby={fileHelpId}
              onClick={() => document.getElementById(fileInputId)?.click()}
            >
              Choose File
            </Button>
            <Typography id={fileHelpId} variant="body2">
              {values.file ? values.file.name : 'No file chosen'}
            </Typography>
          </Stack>
          {errors.file && <FormHelperText error>{errors.file}</FormHelperText>}
        </Box>
      )}
    </Stack>
  );
}
