import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { normaliseEngineName } from '@siteseer/core';

/**
 * The fields both wizards' Name step starts with: the account (a select) and the engine name,
 * trimmed as the user leaves the field (so spaces between words can still be typed).
 */
export function EngineNameFields({
  accounts,
  accountId,
  searchEngineName,
  errors,
  disabled,
  onChange,
}: {
  accounts: readonly { id: string; name: string }[];
  accountId: string;
  searchEngineName: string;
  errors: { accountId?: string; searchEngineName?: string };
  disabled: boolean;
  onChange: (patch: { accountId?: string; searchEngineName?: string }) => void;
}) {
  return (
    <>
      <TextField
        select
        label="Account"
        required
        disabled={disabled}
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
        disabled={disabled}
        value={searchEngineName}
        error={!!errors.searchEngineName}
        helperText={errors.searchEngineName}
        onChange={(event) => onChange({ searchEngineName: event.target.value })}
        onBlur={(event) => {
          const trimmed = normaliseEngineName(event.target.value);
          if (trimmed !== event.target.value) onChange({ searchEngineName: trimmed });
        }}
      />
    </>
  );
}
