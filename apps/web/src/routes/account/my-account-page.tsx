import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accountUpdateBody, canEditAccount, canGenerateApiKey, validateAccountName } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { accountInvitationsQuery, accountQuery, accountUsersQuery, profileQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { useProfile, useViewer } from '../../shell/session-data.ts';
import { AccountButtons } from './account-buttons.tsx';
import { type AccountDraft, changedFields, draftOf, hasUnsavedChanges } from './account-draft.ts';
import { ApiKeyDates } from './api-key-dates.tsx';
import { ApiKeyGenerator } from './api-key-generator.tsx';
import { useLeaveGuard } from './leave-guard.ts';
import { pendingToNewUsers } from './pending-users.ts';
import { ProductList } from './products-editor.tsx';
import { saveFailureText } from './save-failure.ts';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import { useFocusAfterEdit } from './use-focus-after-edit.ts';
import { UsersSection } from './users-section.tsx';

/**
 * One account on My Account: its name, the API key generator (owner or admin), its products and
 * its users. Edit mode makes the name editable and holds added users until Save; Done leaves edit
 * mode (asking first when something is unsaved, then dropping it), and view mode for the dashboard.
 */
export function MyAccountPage({
  accountId,
  mode,
  query,
}: {
  accountId: string;
  mode: 'view' | 'edit';
  /** The `?account=` part of this page's URL ('' for a user of one account). */
  query: string;
}) {
  const { api, queryClient, reportApiError } = useServices();
  const viewer = useViewer();
  const profile = useProfile();
  const navigate = useNavigate();
  const account = useQuery(accountQuery(api, accountId));
  const users = useQuery(accountUsersQuery(api, accountId));
  const [draft, setDraft] = useState<AccountDraft | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const editing = mode === 'edit';
  const focusAfterEdit = useFocusAfterEdit(editing);
  const current = account.data;
  // The draft starts from the saved account; view mode (also reached with Back) shows what is saved.
  const shown = editing && draft ? draft : draftOf(current);
  const unsaved = editing && current !== undefined && hasUnsavedChanges(shown, current);
  const guard = useLeaveGuard(unsaved, () => {
    setDraft(undefined);
    setSaved(false);
  });

  if (account.isError || users.isError) {
    const error = account.error ?? users.error;
    return <Alert severity="error">{errorText(error)}</Alert>;
  }
  if (!current || !users.data) return <Loading />;

  const update = (patch: Partial<AccountDraft>) => {
    setSaved(false);
    setDraft({ ...shown, ...patch });
  };

  const save = async () => {
    const problem = validateAccountName(shown.name, profile.accounts, accountId);
    setNameError(problem);
    if (problem) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const { name } = changedFields(shown, current);
      let next = shown;
      if (name !== undefined) {
        const updated = unwrap(await api.accounts.update(accountId, accountUpdateBody({ name })));
        queryClient.setQueryData(accountQuery(api, accountId).queryKey, updated);
        await queryClient.invalidateQueries({ queryKey: profileQuery(api).queryKey });
        next = { ...next, name: updated.name };
      }
      if (next.pending.length > 0) {
        const after = unwrap(await api.accounts.users.add(accountId, pendingToNewUsers(next.pending)));
        queryClient.setQueryData(accountUsersQuery(api, accountId).queryKey, after);
        await queryClient.invalidateQueries({ queryKey: accountInvitationsQuery(api, accountId).queryKey });
        next = { ...next, pending: [] };
      }
      setDraft(next);
      setSaved(true);
    } catch (error) {
      if (!reportApiError(error)) setFailure(saveFailureText(error));
    } finally {
      setSaving(false);
    }
  };

  // Done leaves edit mode, or the page in view mode; the guard asks first when something is unsaved.
  const done = () => navigate(editing ? `/account/view${query}` : '/');

  return (
    <Stack spacing={3}>
      <TextField
        label="Account Name"
        inputRef={focusAfterEdit.inputRef}
        value={shown.name}
        onChange={(event) => {
          setNameError(undefined);
          update({ name: event.target.value });
        }}
        error={Boolean(nameError)}
        helperText={nameError}
        slotProps={{ input: { readOnly: !editing } }}
        sx={{ maxWidth: 400 }}
      />
      {canGenerateApiKey(viewer, accountId) && (
        <ApiKeyGenerator accountId={accountId} details={<ApiKeyDates accountId={accountId} />} />
      )}
      <ProductList products={current.products} />
      <UsersSection
        accountId={accountId}
        users={users.data}
        pending={shown.pending}
        onPendingChange={(pending) => update({ pending })}
        mode={mode}
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
        canEdit={canEditAccount(viewer, accountId)}
        canSave={unsaved}
        saving={saving}
        onEdit={() => {
          focusAfterEdit.request();
          navigate(`/account/edit${query}`);
        }}
        onSave={() => void save()}
        onDone={done}
      />
      {guard.asking && <UnsavedChangesDialog onYes={guard.leave} onCancel={guard.stay} />}
    </Stack>
  );
}
