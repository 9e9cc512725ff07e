import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountRole, AccountUser, PendingInvitation, UsersTableMode, Viewer } from '@siteseer/core';
import { canManageAccountUsers } from '@siteseer/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { accountUsersQuery, profileQuery } from '../../api/queries.ts';
import { ConfirmDialog } from '../../shell/confirm-dialog.tsx';
import { useServices } from '../../shell/services.tsx';
import { CopyBlock } from '../install/copy-block.tsx';
import { AddUserForm } from './add-user-form.tsx';
import { InvitationButtons, useInvitations } from './invitations.tsx';
import {
  addPendingUser,
  allUsers,
  type PendingUser,
  removePendingUser,
  setPendingRole,
  type UsersTableRow,
  usersTableRows,
} from './pending-users.ts';
import { UsersTable } from './users-table.tsx';

type SavedChange =
  | { kind: 'role'; user: AccountUser; role: AccountRole }
  | { kind: 'delete'; user: AccountUser }
  | { kind: 'transfer'; user: AccountUser };

/**
 * User management of My Account and of the administration's account page (spec 2.7, 2.9, 4, 6):
 * the users table and, in edit mode, the add-user form. Users added here are held locally
 * (`pending`) until the page's Save; changes to saved users (role, transfer, delete) are made at
 * once, each after the API's own checks, and the table shows the users the API answers with.
 */
export function UsersSection({
  accountId,
  users,
  pending,
  onPendingChange,
  mode,
  viewer,
}: {
  /** Absent while the account is being created: every user is then pending. */
  accountId: string | undefined;
  users: readonly AccountUser[];
  pending: readonly PendingUser[];
  onPendingChange: (pending: PendingUser[]) => void;
  mode: UsersTableMode;
  viewer: Viewer;
}) {
  const { api, queryClient } = useServices();
  const [confirming, setConfirming] = useState<SavedChange | undefined>();
  const [revoking, setRevoking] = useState<PendingInvitation | undefined>();
  const invitations = useInvitations(accountId);
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  // Creating an account is the super admin's, who manages every account's users.
  const managesUsers =
    accountId === undefined ? viewer.isSuperAdmin : canManageAccountUsers(viewer, accountId);

  const change = useMutation({
    mutationFn: async (what: SavedChange): Promise<AccountUser[]> => {
      if (!accountId) throw new Error('The account is not saved yet.');
      if (what.kind === 'delete') return unwrap(await api.accounts.users.delete(accountId, what.user.id));
      const role = what.kind === 'transfer' ? 'owner' : what.role;
      return unwrap(await api.accounts.users.updateRole(accountId, what.user.id, role));
    },
    onSuccess: async (after, what) => {
      if (!accountId) return;
      queryClient.setQueryData(accountUsersQuery(api, accountId).queryKey, after);
      // A transfer by the owner makes them admin: the profile's roles (and so the screen's rules) change.
      if (what.kind === 'transfer' || what.user.id === viewer.id)
        await queryClient.invalidateQueries({ queryKey: profileQuery(api).queryKey });
    },
  });

  const run = async (what: SavedChange) => {
    setError(undefined);
    await change.mutateAsync(what);
    setConfirming(undefined);
  };

  const actions = {
    onRoleChange: (row: UsersTableRow, role: AccountRole) => {
      if (row.kind === 'pending') onPendingChange(setPendingRole(pending, row.user.tempId, role));
      else
        void run({ kind: 'role', user: row.user, role }).catch((failure: unknown) =>
          setError(errorText(failure)),
        );
    },
    onDelete: (row: UsersTableRow) => {
      if (row.kind === 'pending') onPendingChange(removePendingUser(pending, row.user.tempId));
      else setConfirming({ kind: 'delete', user: row.user });
    },
    onTransfer: (row: UsersTableRow) => {
      if (row.kind === 'saved') setConfirming({ kind: 'transfer', user: row.user });
    },
  };

  const invite = (kind: 'copy' | 'resend' | 'revoke', invitation: PendingInvitation) => {
    setError(undefined);
    return invitations.act.mutateAsync({ kind, invitation }).catch((failure: unknown) => {
      setError(errorText(failure));
    });
  };
  const invitationButtons = managesUsers
    ? (invitation: PendingInvitation) => (
        <InvitationButtons
          invitation={invitation}
          busy={invitations.act.isPending}
          onCopy={() => void invite('copy', invitation)}
          onResend={() => void invite('resend', invitation)}
          onRevoke={() => setRevoking(invitation)}
        />
      )
    : undefined;

  const name = (user: { first: string; last: string }) => `${user.first} ${user.last}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" gutterBottom>
        Users
      </Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <UsersTable
          rows={usersTableRows(users, pending)}
          context={{ viewer, accountId, mode }}
          managesUsers={managesUsers}
          busy={change.isPending}
          confirming={confirming !== undefined || revoking !== undefined}
          actions={actions}
          invitations={invitations.byUser}
          invitationButtons={invitationButtons}
        />
        {invitations.copied && (
          <CopyBlock
            label={`Invitation link for ${invitations.copied.email}`}
            hint={`${invitations.copied.copied ? 'Copied. ' : ''}Only this link works now: links sent before no longer do. It works once, for 7 days.`}
            code={invitations.copied.link}
          />
        )}
        {mode === 'edit' && managesUsers && (
          <AddUserForm
            accountId={accountId}
            existing={allUsers(users, pending)}
            onAdd={(user) => onPendingChange(addPendingUser(pending, user))}
          />
        )}
      </Stack>
      {confirming?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete user?"
          confirmLabel="Delete User"
          destructive
          busyLabel="Deleting"
          onConfirm={() => run(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          {name(confirming.user)} ({confirming.user.email}) will no longer have access to this account. Their
          login itself is kept.
        </ConfirmDialog>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke invitation?"
          confirmLabel="Revoke"
          destructive
          busyLabel="Revoking"
          onConfirm={async () => {
            await invite('revoke', revoking);
            setRevoking(undefined);
          }}
          onCancel={() => setRevoking(undefined)}
        >
          {name(revoking)} ({revoking.email}) is removed from this account and their invitation link stops
          working.
        </ConfirmDialog>
      )}
      {confirming?.kind === 'transfer' && (
        <ConfirmDialog
          title="Transfer ownership?"
          confirmLabel="Transfer"
          busyLabel="Transferring"
          onConfirm={() => run(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          {name(confirming.user)} becomes the owner of this account, and the current owner becomes an admin.
        </ConfirmDialog>
      )}
    </Box>
  );
}
