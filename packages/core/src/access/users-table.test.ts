import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../domain/account.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { ACCOUNT, PERSONAS } from './personas.test-kit.ts';
import type { ControlState, UserRow, UsersTableMode } from './users-table.ts';
import {
  assignableRoles,
  changeRoleControl,
  deleteUserControl,
  transferOwnershipControl,
  userRowControls,
} from './users-table.ts';

const ownerRow: UserRow = { id: 'u-owner', role: 'owner' };
const colleagueRow: UserRow = { id: 'u-colleague', role: 'user' };

/** [delete, transfer, role] as one string keeps the tables readable. */
function controls(persona: PersonaName, mode: UsersTableMode, row: UserRow): string {
  const c = userRowControls({ viewer: PERSONAS[persona], accountId: ACCOUNT, mode }, row);
  return [c.delete, c.transferOwnership, c.role].join(' ');
}

describe('users table in edit mode', () => {
  it.each<{ persona: PersonaName; owner: string; colleague: string }>([
    { persona: 'superadmin', owner: 'disabled hidden disabled', colleague: 'enabled enabled enabled' },
    { persona: 'owner', owner: 'disabled hidden disabled', colleague: 'enabled enabled enabled' },
    { persona: 'admin', owner: 'disabled hidden disabled', colleague: 'enabled disabled enabled' },
    { persona: 'user', owner: 'disabled hidden disabled', colleague: 'disabled disabled disabled' },
    { persona: 'unknown', owner: 'disabled hidden disabled', colleague: 'disabled disabled disabled' },
    { persona: 'other', owner: 'disabled hidden disabled', colleague: 'disabled disabled disabled' },
  ])(
    'Given the $persona viewer editing acc-1, When reading [delete transfer role] of the owner row and a colleague row, Then $owner and $colleague',
    ({ persona, owner, colleague }) => {
      expect(controls(persona, 'edit', ownerRow)).toBe(owner);
      expect(controls(persona, 'edit', colleagueRow)).toBe(colleague);
    },
  );

  it.each<{ persona: PersonaName; own: string }>([
    { persona: 'admin', own: 'disabled disabled disabled' },
    { persona: 'user', own: 'disabled disabled disabled' },
  ])(
    'Given the $persona viewer editing acc-1, When reading their own row, Then [delete transfer role] is $own',
    ({ persona, own }) => {
      const viewer = PERSONAS[persona];
      const row = { id: viewer.id, role: viewer.accounts[0]?.role ?? 'user' };
      expect(controls(persona, 'edit', row)).toBe(own);
    },
  );

  it('Given an admin editing, When reading another admin row, Then delete and role are enabled and transfer is disabled', () => {
    expect(controls('admin', 'edit', { id: 'u-admin-2', role: 'admin' })).toBe('enabled disabled enabled');
  });
});

describe('users table in view mode', () => {
  it.each<PersonaName>(['superadmin', 'owner', 'admin', 'user', 'unknown', 'other'])(
    'Given the %s viewer viewing acc-1, When reading the rows, Then every control is disabled and transfer is hidden on the owner row',
    (persona) => {
      expect(controls(persona, 'view', ownerRow)).toBe('disabled hidden disabled');
      expect(controls(persona, 'view', colleagueRow)).toBe('disabled disabled disabled');
    },
  );
});

describe('single controls', () => {
  const ctx = { viewer: PERSONAS.owner, accountId: ACCOUNT, mode: 'edit' as const };

  it.each<[string, (row: UserRow) => ControlState, ControlState]>([
    ['delete', (row) => deleteUserControl(ctx, row), 'enabled'],
    ['transfer', (row) => transferOwnershipControl(ctx, row), 'enabled'],
    ['role', (row) => changeRoleControl(ctx, row), 'enabled'],
  ])(
    'Given an owner editing, When asking the %s control of an admin row, Then it is %s',
    (_name, ask, expected) => {
      expect(ask({ id: 'u-a', role: 'admin' })).toBe(expected);
    },
  );
});

describe('assignable roles when adding a user', () => {
  const user = (id: string, role: AccountUser['role']) => ({ id, role });

  it('Given an account with an owner, When listing roles, Then owner is listed but disabled', () => {
    expect(assignableRoles([user('1', 'owner'), user('2', 'user')])).toEqual([
      { role: 'owner', disabled: true },
      { role: 'admin', disabled: false },
      { role: 'user', disabled: false },
    ]);
  });

  it.each<[string, ReturnType<typeof user>[]]>([
    ['no users', []],
    ['only admins and users', [user('1', 'admin'), user('2', 'user')]],
  ])('Given an account with %s, When listing roles, Then owner is offered', (_label, users) => {
    expect(assignableRoles(users)[0]).toEqual({ role: 'owner', disabled: false });
  });
});
