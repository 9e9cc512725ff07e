import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountListRow, AccountSort } from '@siteseer/core';
import { accountListRows } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { adminAccountsQuery, enginesQuery, profileQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { AccountsTable } from './accounts-table.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** /admin/accounts: every account in a sortable table, with the delete dialog. Super admins only (the admin layout checks). */
export function Component() {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const accounts = useQuery(adminAccountsQuery(api));
  const [sort, setSort] = useState<AccountSort>({ by: 'name', direction: 'asc' });
  const [deleting, setDeleting] = useState<AccountListRow | undefined>();

  const deleteAccount = async (row: AccountListRow) => {
    unwrap(await api.admin.accounts.delete(row.id));
    queryClient.setQueryData(adminAccountsQuery(api).queryKey, (current) =>
      current?.filter((account) => account.id !== row.id),
    );
    // Its engines are gone from the dashboard too (a super admin sees every account's engines).
    await queryClient.invalidateQueries({ queryKey: enginesQuery(api).queryKey });
    await queryClient.invalidateQueries({ queryKey: profileQuery(api).queryKey });
    setDeleting(undefined);
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">Accounts</Typography>
      {accounts.isError && <Alert severity="error">{errorText(accounts.error)}</Alert>}
      {accounts.isPending && <Loading />}
      {accounts.data && (
        <AccountsTable
          rows={accountListRows(accounts.data, sort)}
          sort={sort}
          onSort={setSort}
          onEdit={(row) => navigate(`/admin/account/${encodeURIComponent(row.id)}/edit`)}
          onDelete={setDeleting}
          onAdd={() => navigate('/admin/account/create')}
        />
      )}
      {deleting && (
        <DeleteAccountDialog
          name={deleting.name}
          onClose={() => setDeleting(undefined)}
          onDelete={() => deleteAccount(deleting)}
        />
      )}
    </Stack>
  );
}
