import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '@siteseer/core';
import { normaliseEngineName } from '@siteseer/core';
import { useId } from 'react';

/**
 * Step 'Name' (heading 'Name Keyword Search engine'): the account and the engine name (trimmed, at
 * least 5 characters). Both are fixed once the engine exists.
 */
export function NameStep({
  accounts,
  accountId,
  searchEngineName,
  errors,
  locked,
  onChange,
}: {
  accounts: readonly { id: string; name: string }[];
  accountId: string;
  searchEngineName: string;
  errors: FieldErrors;
  locked: boolean;
  onChange: (patch: { accountId?: string; searchEngineName?: string }) => void;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={3} sx={{ maxWidth: 560 }}>
      <Typography id={headingId} variant="h2">
        Name Keyword Search engine
      </Typography>
      <TextField
        select
        label="Account"
        required
        disabled={locked}
        value={accounts.some((a) => a.id === accountId) ? accountId : ''}
        error={!!errors.accountId}
        helperText={errors.accountId}
        onChange={(event) => onChange({ accountId: event.target.value })}
      >
        {accounts.map((account) => (
          <MenuItem key={account.id} value={account.id}>
            {account.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Search Engine Name"
        required
        disabled={locked}
        value={searchEngineName}
        error={!!errors.searchEngineName}
        helperText={errors.searchEngineName}
        onChange={(event) => onChange({ searchEngineName: event.target.value })}
        // Trimmed as the user leaves the field, so spaces between words can still be typed.
        onBlur={(event) => {
          const trimmed = normaliseEngineName(event.target.value);
          if (trimmed !== event.target.value) onChange({ searchEngineName: trimmed });
        }}
      />
    </Stack>
  );
}
