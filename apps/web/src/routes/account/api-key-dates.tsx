import Typography from '@mui/material/Typography';
import type { ApiKeyInfo } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { accountApiKeyQuery } from '../../api/queries.ts';
import { useServices } from '../../shell/services.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When the current key was made and last used, in one sentence. */
function keyDatesText(dates: ApiKeyInfo): string {
  if (!dates.createdAt) return 'This account has no API key yet.';
  const used = dates.lastUsedAt ? `last used ${when(dates.lastUsedAt)}` : 'never used';
  return `Current key created ${when(dates.createdAt)}, ${used}.`;
}

/** The account's API key dates (nothing until they are loaded; the key itself is never shown again). */
export function ApiKeyDates({ accountId }: { accountId: string }) {
  const { api } = useServices();
  const dates = useQuery(accountApiKeyQuery(api, accountId));
  if (!dates.data) return null;
  return <Typography color="text.secondary">{keyDatesText(dates.data)}</Typography>;
}
