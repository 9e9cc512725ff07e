import type { Feature } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { roleLabel, withRole } from './feature-roles.ts';

const feature: Feature = {
  _id: 'f1',
  name: 'KW_WIZARD_TABS',
  description: 'Keyword wizard: the Tabs step (edit mode).',
  show_details: true,
  allowedRoles: ['user', 'owner'],
};

describe('a feature role switch', () => {
  it('Given a role switched on, then it is added once and the roles are in rank order', () => {
    expect(withRole(feature, 'superadmin', true).allowedRoles).toEqual(['superadmin', 'owner', 'user']);
    expect(withRole(feature, 'owner', true).allowedRoles).toEqual(['owner', 'user']);
  });

  it('Given a role switched off, then only that role goes and every other field stays', () => {
    const off = withRole(feature, 'owner', false);
    expect(off).toEqual({ ...feature, allowedRoles: ['user'] });
    expect(withRole(off, 'admin', false).allowedRoles).toEqual(['user']);
    expect(feature.allowedRoles).toEqual(['user', 'owner']);
  });

  it("Given the roles, then their column labels are the spec's", () => {
    expect((['superadmin', 'owner', 'admin', 'user'] as const).map(roleLabel)).toEqual([
      'Super Admin',
      'Owner',
      'Admin',
      'User',
    ]);
  });
});
