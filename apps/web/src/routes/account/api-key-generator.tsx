import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, MESSAGES } from '@siteseer/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiStatusError, unwrap } from '../../api/portal-api.ts';
import { accountApiKeyQuery } from '../../api/queries.ts';
import { ConfirmDialog } from '../../shell/confirm-dialog.tsx';
import { useServices } from '../../shell/services.tsx';
import { useToast } from '../../shell/toast.tsx';
import { CopyBlock } from '../install/copy-block.tsx';

/**
 * The API key generator (spec 2.9, 4): confirm, then request a new key, which deactivates the
 * current one. The key is shown once, with a copy button: only its hash is stored, so leaving the
 * page loses it. A refused or invalid answer shows the spec's API key error.
 */
export function ApiKeyGenerator({
  accountId,
  details,
}: {
  accountId: string;
  /** What else to say about the current key, under the explanation (its dates). */
  details?: ReactNode;
}) {
  const { api, queryClient } = useServices();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const headingId = useId();
  // The key shows below the button the closing dialog gives focus back to, unannounced: once it is
  // there, its Copy button takes focus, so a keyboard or screen reader user lands on it.
  const keyBox = useRef<HTMLDivElement>(null);
  const focusKey = useRef(false);
  useEffect(() => {
    if (!focusKey.current || confirming || !key) return;
    focusKey.current = false;
    keyBox.current?.querySelector<HTMLElement>('button')?.focus();
  });
  const generate = useMutation({
    mutationFn: async () => unwrap(await api.accounts.newApiKey(accountId)),
  });

  const confirm = async () => {
    setFailed(false);
    setKey(undefined);
    try {
      const result = await generate.mutateAsync();
      if (result.isValid && result.key) {
        focusKey.current = true;
        setKey(result.key);
        toast('New API key generated: copy it now, it is shown only once.');
        await queryClient.invalidateQueries({ queryKey: accountApiKeyQuery(api, accountId).queryKey });
      } else setFailed(true);
    } catch (error) {
      // The portal's error handling has seen it first (401 → login, >= 500 → error page). A refusal
      // or a failed connection means no key: the spec reports both with its one message.
      if (!(error instanceof ApiStatusError || error instanceof ApiError)) throw error;
      setFailed(true);
    }
    setConfirming(false);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" gutterBottom>
        API Key
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          An API key lets scripts and CI pipelines use the data-source API for this account. Generating a new
          key deactivates the current one.
        </Typography>
        {details}
        <Button variant="outlined" onClick={() => setConfirming(true)}>
          Generate API Key
        </Button>
        {failed && <Alert severity="error">{MESSAGES.apiKeyError}</Alert>}
        {key && (
          <Box ref={keyBox} sx={{ width: '100%' }}>
            <CopyBlock
              label="New API key"
              hint="Copy it now: it is shown only once. The previous key no longer works."
              code={key}
            />
          </Box>
        )}
      </Stack>
      {confirming && (
        <ConfirmDialog
          title="Generate a new API key?"
          confirmLabel="Generate"
          busyLabel="Generating"
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        >
          The current API key of this account stops working at once. Scripts that use it need the new key.
        </ConfirmDialog>
      )}
    </Box>
  );
}
