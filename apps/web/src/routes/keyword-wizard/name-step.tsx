import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '@siteseer/core';
import { useId } from 'react';
import { EngineNameFields } from '../../shell/engine-name-fields.tsx';

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
      <EngineNameFields
        accounts={accounts}
        accountId={accountId}
        searchEngineName={searchEngineName}
        errors={errors}
        disabled={locked}
        onChange={onChange}
      />
    </Stack>
  );
}
