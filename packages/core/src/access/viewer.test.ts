import { describe, expect, it } from 'vitest';
import type { RoleOrUnknown } from '../domain/common.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { ACCOUNT, OTHER_ACCOUNT, PERSONAS, STRANGER_ACCOUNT } from './personas.test-kit.ts';
import type { AccessProfile } from './viewer.ts';
import { highestRole, roleOn, Viewer, viewerFromProfile } from './viewer.ts';

function profile(overrides: Partial<AccessProfile> = {}): AccessProfile {
  return { id: 'u-1', isBZAdmin: false, accounts: [], ...overrides };
}

describe('viewerFromProfile', () => {
  it('Given a profile whose accounts carry roles, When building the viewer, Then each account keeps its role and products', () => {
    const viewer = viewerFromProfile(
      profile({
        accounts: [
          { id: 'a', role: 'admin', products: ['pm'] },
          { id: 'b', role: 'user', products: ['kw'] },
        ],
      }),
    );
    expect(viewer).toEqual({
      id: 'u-1',
      isSuperAdmin: false,
      accounts: [
        { id: 'a', role: 'admin', products: ['pm'] },
        { id: 'b', role: 'user', products: ['kw'] },
      ],
    });
  });

  it('Given an account without a role but listing the user, When building the viewer, Then the role comes from the user row', () => {
    const users = [
      { id: 'u-2', first: 'B', last: 'B', email: 'b@x.io', role: 'user' as const },
      { id: 'u-1', first: 'A', last: 'A', email: 'a@x.io', role: 'owner' as const },
    ];
    const viewer = viewerFromProfile(profile({ accounts: [{ id: 'a', products: [], users }] }));
    expect(viewer.accounts[0]?.role).toBe('owner');
  });

  it('Given an account with neither role nor user row, When building the viewer, Then the user is a plain member', () => {
    const viewer = viewerFromProfile(profile({ accounts: [{ id: 'a', products: ['kw'] }] }));
    expect(viewer.accounts).toEqual([{ id: 'a', role: 'user', products: ['kw'] }]);
  });

  it('Given the same account listed twice, When building the viewer, Then it appears once with the higher role and all products', () => {
    const viewer = viewerFromProfile(
      profile({
        accounts: [
          { id: 'a', role: 'user', products: ['pm'] },
          { id: 'a', role: 'admin', products: ['kw'] },
        ],
      }),
    );
    expect(viewer.accounts).toEqual([{ id: 'a', role: 'admin', products: ['pm', 'kw'] }]);
  });

  it('Given a super admin profile, When building the viewer, Then isSuperAdmin is set', () => {
    expect(viewerFromProfile(profile({ isBZAdmin: true })).isSuperAdmin).toBe(true);
  });

  it('Given a viewer sent by the API with product words, When parsed with the Viewer schema, Then products become codes', () => {
    const parsed = Viewer.parse({
      id: 'u-1',
      isSuperAdmin: false,
      accounts: [{ id: 'a', role: 'owner', products: ['parametric', 'kw'] }],
    });
    expect(parsed.accounts[0]?.products).toEqual(['pm', 'kw']);
  });

  it('Given a viewer with a role the spec does not know, When parsed with the Viewer schema, Then it is rejected', () => {
    const result = Viewer.safeParse({
      id: 'u-1',
      isSuperAdmin: false,
      accounts: [{ id: 'a', role: 'superadmin' }],
    });
    expect(result.success).toBe(false);
  });
});

describe('highestRole', () => {
  it.each<[PersonaName, RoleOrUnknown]>([
    ['superadmin', 'superadmin'],
    ['owner', 'owner'],
    ['admin', 'admin'],
    ['user', 'user'],
    ['unknown', 'UNKNOWN'],
    ['other', 'owner'],
  ])('Given the %s viewer, When taking the highest role, Then it is %s', (persona, expected) => {
    expect(highestRole(PERSONAS[persona])).toBe(expected);
  });

  it('Given a user who is admin of one account and user of another, When taking the highest role, Then it is admin', () => {
    const p = profile({
      accounts: [
        { id: 'a', role: 'user', products: [] },
        { id: 'b', role: 'admin', products: [] },
      ],
    });
    expect(highestRole(p)).toBe('admin');
  });

  it('Given a super admin who is also a plain user of an account, When taking the highest role from the profile, Then it is superadmin', () => {
    const p = profile({ isBZAdmin: true, accounts: [{ id: 'a', role: 'user', products: [] }] });
    expect(highestRole(p)).toBe('superadmin');
  });
});

describe('roleOn', () => {
  it.each<[PersonaName, RoleOrUnknown, RoleOrUnknown, RoleOrUnknown]>([
    ['superadmin', 'superadmin', 'superadmin', 'superadmin'],
    ['owner', 'owner', 'UNKNOWN', 'UNKNOWN'],
    ['admin', 'admin', 'UNKNOWN', 'UNKNOWN'],
    ['user', 'user', 'UNKNOWN', 'UNKNOWN'],
    ['unknown', 'UNKNOWN', 'UNKNOWN', 'UNKNOWN'],
    ['other', 'UNKNOWN', 'owner', 'UNKNOWN'],
  ])(
    'Given the %s viewer, When asking the role on the account, another account and a stranger account, Then %s, %s, %s',
    (persona, onAccount, onOther, onStranger) => {
      const viewer = PERSONAS[persona];
      expect([
        roleOn(viewer, ACCOUNT),
        roleOn(viewer, OTHER_ACCOUNT),
        roleOn(viewer, STRANGER_ACCOUNT),
      ]).toEqual([onAccount, onOther, onStranger]);
    },
  );

  it('Given a profile rather than a viewer, When asking the role on one of its accounts, Then the membership role is returned', () => {
    const p = profile({ accounts: [{ id: 'a', role: 'admin', products: [] }] });
    expect(roleOn(p, 'a')).toBe('admin');
    expect(roleOn(p, 'b')).toBe('UNKNOWN');
  });
});
