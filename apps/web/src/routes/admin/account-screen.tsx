import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Account, AccountUser } from '@siteseer/core';
import { accountUpdateBody, validateAccountName } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useMatches, useNavigate, useParams } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { ApiStatusError, unwrap } from '../../api/portal-api.ts';
import { accountUsersQuery, adminAccountQuery, adminAccountsQuery, profileQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useScreenTitle } from '../../shell/page-title.ts';
import { useServices } from '../../shell/services.tsx';
import { useViewer } from '../../shell/session-data.ts';
import {
  AccountButtons,
  type AccountDraft,
  ApiKeyGenerator,
  changedFields,
  draftOf,
  hasUnsavedChanges,
  ProductsEditor,
  pendingToNewUsers,
  saveFailureText,
  UnsavedChangesDialog,
  UsersSection,
  useLeaveGuard,
} from '../account/index.ts';
import { useFocusAfterEdit } from '../account/use-focus-after-edit.ts';
import { ErrorView } from '../error/error-view.tsx';
import { notFoundReport } from '../error/not-found.ts';

type Mode = 'create' | 'view' | 'edit';

/**
 * /admin/account/create and /admin/account/{accountId}/{view|edit}: one account for a super admin
 * (spec 2.7). Each account (and create) gets its own page state, so a draft never leaks between them.
 */
export function Component() {
  const { accountId, action } = useParams();
  const matches = useMatches();
  if (accountId !== undefined && action !== 'view' && action !== 'edit') {
    return <ErrorView report={notFoundReport(matches.at(-1)?.pathname ?? '')} />;
  }
  const mode: Mode = accountId === undefined ? 'create' : (action as 'view' | 'edit');
  return accountId === undefined ? (
    <AccountPage key="create" mode={mode} />
  ) : (
    <ExistingAccount key={accountId} accountId={accountId} mode={mode} />
  );
}

function ExistingAccount({ accountId, mode }: { accountId: string; mode: Mode }) {
  const { api } = useServices();
  const account = useQuery(adminAccountQuery(api, accountId));
  const users = useQuery(accountUsersQuery(api, accountId));
  const error = account.error ?? users.error;
  if (error) {
    const missing = error instanceof ApiStatusError && error.status === 404;
    return (
      <Stack spacing={2}>
        <Typography variant="h1">Account</Typography>
        <Alert severity="error">{missing ? 'This account was not found.' : errorText(error)}</Alert>
      </Stack>
    );
  }
  if (!account.data || !users.data) return <Loading />;
  return <AccountPage mode={mode} account={account.data} users={users.data} />;
}

function header(mode: Mode, account: Account | undefined): string {
  if (mode === 'create' || !account) return 'Create New Account';
  return mode === 'edit' ? `Editing: ${account.name}` : account.name;
}

/**
 * The account page: Account Name, the API key generator once the account exists, the Products
 * checkboxes, the Users section, and Edit (view mode), Save (disabled until there are changes) and
 * Done, which goes to the account list and first asks when something is unsaved.
 */
function AccountPage({
  mode,
  account,
  users = [],
}: {
  mode: Mode;
  account?: Account;
  users?: AccountUser[];
}) {
  const { api, queryClient, reportApiError } = useServices();
  const viewer = useViewer();
  const navigate = useNavigate();
  const allAccounts = useQuery(adminAccountsQuery(api));
  const [draft, setDraft] = useState<AccountDraft | undefined>();
  const [errors, setErrors] = useState<{ name?: string | undefined; products?: string | undefined }>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useScreenTitle(header(mode, account));

  const editing = mode !== 'view';
  const focusAfterEdit = useFocusAfterEdit(editing);
  const shown = editing && draft ? draft : draftOf(account);
  const unsaved = editing && hasUnsavedChanges(shown, account);
  const guard = useLeaveGuard(unsaved, () => {
    setDraft(undefined);
    setSaved(false);
  });
  const update = (patch: Partial<AccountDraft>) => {
    setSaved(false);
    setDraft({ ...shown, ...patch });
  };

  const saveChanges = async (): Promise<void> => {
    if (!account) {
      const created = unwrap(
        await api.admin.accounts.create({
          name: shown.name.trim(),
          products: shown.products,
          users: pendingToNewUsers(shown.pending),
        }),
      );
      queryClient.setQueryData(adminAccountQuery(api, created.id).queryKey, created);
      await queryClient.invalidateQueries({ queryKey: adminAccountsQuery(api).queryKey, exact: true });
      // The account exists now: its page, where the API key generator is offered, takes over.
      guard.allowNextNavigation();
      navigate(`/admin/account/${encodeURIComponent(created.id)}/edit`, { replace: true });
      return;
    }
    let next = shown;
    const fields = changedFields(shown, account);
    if (Object.keys(fields).length > 0) {
      const updated = unwrap(await api.admin.accounts.update(account.id, accountUpdateBody(fields)));
      queryClient.setQueryData(adminAccountQuery(api, account.id).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: adminAccountsQuery(api).queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: profileQuery(api).queryKey });
      next = { ...next, name: updated.name, products: [...updated.products] };
    }
    if (next.pending.length > 0) {
      const after = unwrap(await api.accounts.users.add(account.id, pendingToNewUsers(next.pending)));
      queryClient.setQueryData(accountUsersQuery(api, account.id).queryKey, after);
      next = { ...next, pending: [] };
    }
    setDraft(next);
    setSaved(true);
  };

  const save = async () => {
    const nameError = validateAccountName(shown.name, allAccounts.data ?? [], account?.id);
    setErrors({ name: nameError });
    if (nameError) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await saveChanges();
    } catch (error) {
      if (reportApiError(error)) return;
      const field =
        error instanceof ApiStatusError ? (error.data as { field?: unknown } | null)?.field : undefined;
      if (field === 'products' || field === 'name') setErrors({ [field]: saveFailureText(error) });
      else setFailure(saveFailureText(error));
    } finally {
      setSaving(false);
    }
  };

  // Done goes to the account list; the guard asks first when something is unsaved.
  const done = () => navigate('/admin/accounts');

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{header(mode, account)}</Typography>
      <TextField
        label="Account Name"
        inputRef={focusAfterEdit.inputRef}
        value={shown.name}
        onChange={(event) => {
          setErrors((current) => ({ ...current, name: undefined }));
          update({ name: event.target.value });
        }}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required={editing}
        slotProps={{ input: { readOnly: !editing } }}
        sx={{ maxWidth: 400 }}
      />
      {account && <ApiKeyGenerator accountId={account.id} />}
      <ProductsEditor
        products={shown.products}
        disabled={!editing}
        error={errors.products}
        onChange={(products) => {
          setErrors((current) => ({ ...current, products: undefined }));
          update({ products });
        }}
      />
      <UsersSection
        accountId={account?.id}
        users={users}
        pending={shown.pending}
        onPendingChange={(pending) => update({ pending })}
        mode={editing ? 'edit' : 'view'}
        viewer={viewer}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      {saved && !unsaved && (
        <Alert severity="success" role="status">
          Changes saved.
        </Alert>
      )}
      <AccountButtons
        editing={editing}
        canEdit
        canSave={unsaved}
        saving={saving}
        onEdit={() => {
          if (!account) return;
          focusAfterEdit.request();
          navigate(`/admin/account/${encodeURIComponent(account.id)}/edit`);
        }}
        onSave={() => void save()}
        onDone={done}
      />
      {guard.asking && <UnsavedChangesDialog onYes={guard.leave} onCancel={guard.stay} />}
    </Stack>
  );
}
