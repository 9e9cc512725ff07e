import { describe, expect, it } from 'vitest';
import type { Role, RoleOrUnknown } from '../domain/common.ts';
import { higherRole, isRoleAtLeast, roleRank } from './roles.ts';

describe('role ranking', () => {
  it('Given the four roles and UNKNOWN, When ranked, Then superadmin > owner > admin > user > UNKNOWN', () => {
    const ranked = (['user', 'UNKNOWN', 'superadmin', 'admin', 'owner'] as RoleOrUnknown[]).sort(
      (a, b) => roleRank(b) - roleRank(a),
    );
    expect(ranked).toEqual(['superadmin', 'owner', 'admin', 'user', 'UNKNOWN']);
  });

  it.each<[RoleOrUnknown, Role, boolean]>([
    ['superadmin', 'owner', true],
    ['superadmin', 'superadmin', true],
    ['owner', 'owner', true],
    ['owner', 'admin', true],
    ['owner', 'superadmin', false],
    ['admin', 'admin', true],
    ['admin', 'owner', false],
    ['user', 'user', true],
    ['user', 'admin', false],
    ['UNKNOWN', 'user', false],
  ])('Given role %s, When asked whether it is at least %s, Then %s', (role, minimum, expected) => {
    expect(isRoleAtLeast(role, minimum)).toBe(expected);
  });

  it.each<[RoleOrUnknown, RoleOrUnknown, RoleOrUnknown]>([
    ['user', 'owner', 'owner'],
    ['owner', 'user', 'owner'],
    ['UNKNOWN', 'user', 'user'],
    ['admin', 'superadmin', 'superadmin'],
    ['UNKNOWN', 'UNKNOWN', 'UNKNOWN'],
  ])('Given %s and %s, When taking the higher, Then %s', (a, b, expected) => {
    expect(higherRole(a, b)).toBe(expected);
  });
});
