import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type {
  AccountRole,
  ControlState,
  PendingInvitation,
  UserRowControls,
  UsersTableContext,
} from '@siteseer/core';
import { assignableRoles, userRowControls } from '@siteseer/core';
import type { ReactNode } from 'react';
import { useFocusAfterRemove } from '../../shell/use-focus-after-remove.ts';
import { PendingMark } from './invitations.tsx';
import type { UsersTableRow } from './pending-users.ts';

export const ROLE_LABELS: Readonly<Record<AccountRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  user: 'User',
};

const ROLES: readonly AccountRole[] = ['owner', 'admin', 'user'];

/** What the table's controls do; each gets the row it was used on. */
export interface UsersTableActions {
  onRoleChange: (row: UsersTableRow, role: AccountRole) => void;
  onDelete: (row: UsersTableRow) => void;
  onTransfer: (row: UsersTableRow) => void;
}

/**
 * The controls of a pending (unsaved) row. It is the form's user until Save, so whoever may add
 * users may change or drop it; ownership moves between saved users only (a pending user gets the
 * owner role directly, from the role selector, while the account has no owner).
 */
function pendingControls(managesUsers: boolean, mode: UsersTableContext['mode']): UserRowControls {
  const state: ControlState = managesUsers && mode === 'edit' ? 'enabled' : 'disabled';
  return { delete: state, role: state, transferOwnership: 'hidden' };
}

/**
 * The roles a row's selector offers. A saved user never becomes owner from here (that is Transfer
 * Ownership, which also demotes the current owner); a pending one may while nobody else is owner.
 */
function roleOptions(
  row: UsersTableRow,
  rows: readonly UsersTableRow[],
): { role: AccountRole; disabled: boolean }[] {
  if (row.kind === 'saved') return ROLES.map((role) => ({ role, disabled: role === 'owner' }));
  return assignableRoles(rows.filter((other) => other.key !== row.key).map((other) => other.user));
}

/** The account's users (spec 2.7/2.9): name, email, role selector, Transfer Ownership and Delete, by core's rules. */
export function UsersTable({
  rows,
  context,
  managesUsers,
  busy,
  confirming = false,
  actions,
  invitations,
  invitationButtons,
}: {
  rows: readonly UsersTableRow[];
  /** Who looks, at which account and in which mode; the account id is absent while creating one. */
  context: Omit<UsersTableContext, 'accountId'> & { accountId: string | undefined };
  /** Whether the viewer may add and change users here (core's canManageAccountUsers, or creating). */
  managesUsers: boolean;
  busy: boolean;
  /** A confirmation dialog is open (focus moves after a removal once it closes and the change is done). */
  confirming?: boolean;
  actions: UsersTableActions;
  /** Saved users still invited (no password yet), by user id: they show as Pending. */
  invitations?: ReadonlyMap<string, PendingInvitation>;
  /** The buttons of an invited user's row, for those who manage users. */
  invitationButtons?: ((invitation: PendingInvitation) => ReactNode) | undefined;
}) {
  // A deleted user's row takes its Delete button with it: focus goes to the next row's Delete (or
  // the previous one's), else to the add-user form's first field, rather than to the page top.
  const removal = useFocusAfterRemove<HTMLTableElement>(
    rows.length,
    (table) => table?.closest('section')?.querySelector<HTMLElement>('form input') ?? null,
    confirming || busy,
  );
  const controlsOf = (row: UsersTableRow): UserRowControls =>
    row.kind === 'pending' || context.accountId === undefined
      ? pendingControls(managesUsers, context.mode)
      : userRowControls({ ...context, accountId: context.accountId }, row.user);
  return (
    <TableContainer>
      <Table ref={removal.containerRef} size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>No users</TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => {
            const controls = controlsOf(row);
            const fullName = `${row.user.first} ${row.user.last}`;
            const invitation = row.kind === 'saved' ? invitations?.get(row.user.id) : undefined;
            return (
              <TableRow key={row.key}>
                {/* Wide enough for the name and its Pending mark: on a phone the table scrolls instead. */}
                <TableCell component="th" scope="row" sx={{ minWidth: 220 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{fullName}</span>
                    {row.kind === 'pending' && <Chip size="small" label="Not saved" />}
                    {invitation && <PendingMark invitation={invitation} />}
                  </Stack>
                </TableCell>
                <TableCell>{row.user.email}</TableCell>
                <TableCell>
                  <NativeSelect
                    inputProps={{ 'aria-label': `Role of ${fullName}` }}
                    value={row.user.role}
                    disabled={busy || controls.role !== 'enabled'}
                    onChange={(event) => actions.onRoleChange(row, event.target.value as AccountRole)}
                  >
                    {roleOptions(row, rows).map((option) => (
                      <option key={option.role} value={option.role} disabled={option.disabled}>
                        {ROLE_LABELS[option.role]}
                      </option>
                    ))}
                  </NativeSelect>
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    {invitation && invitationButtons?.(invitation)}
                    {controls.transferOwnership !== 'hidden' && (
                      <Button
                        size="small"
                        disabled={busy || controls.transferOwnership !== 'enabled'}
                        onClick={() => actions.onTransfer(row)}
                      >
                        Transfer Ownership
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={busy || controls.delete !== 'enabled'}
                      data-remove
                      onClick={() => {
                        removal.removing(index);
                        actions.onDelete(row);
                      }}
                    >
                      Delete
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
