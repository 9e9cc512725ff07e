import { describe, expect, it } from 'vitest';
import type { Role, RoleOrUnknown } from '../domain/common.ts';
import { featureAllowed, isFeatureOn } from './features.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { feature, PERSONAS } from './personas.test-kit.ts';

describe('featureAllowed', () => {
  it.each<[RoleOrUnknown, Role[], boolean]>([
    ['superadmin', ['superadmin'], true],
    ['owner', ['owner', 'admin'], true],
    ['admin', ['owner', 'admin'], true],
    ['user', ['owner', 'admin'], false],
    // No inheritance by rank: the Features page switches each role separately.
    ['owner', ['user'], false],
    ['superadmin', ['owner', 'admin', 'user'], false],
    ['user', [], false],
    ['UNKNOWN', ['superadmin', 'owner', 'admin', 'user'], false],
  ])('Given role %s and allowedRoles %j, When asking if allowed, Then %s', (role, allowedRoles, expected) => {
    expect(featureAllowed({ allowedRoles }, role)).toBe(expected);
  });
  it('Given unvalidated data whose allowedRoles lists UNKNOWN, When UNKNOWN asks, Then it is still not allowed', () => {
    const allowedRoles = ['UNKNOWN'] as unknown as Role[];
    expect(featureAllowed({ allowedRoles }, 'UNKNOWN')).toBe(false);
  });
});

describe('isFeatureOn', () => {
  // ENGINE_EDIT allowed for owner and admin only: each persona answers by its highest role.
  const features = [feature('ENGINE_EDIT', ['owner', 'admin']), feature('MY_ACCOUNT', ['user'])];

  it.each<[PersonaName, boolean]>([
    ['superadmin', false],
    ['owner', true],
    ['admin', true],
    ['user', false],
    ['unknown', false],
    ['other', true],
  ])(
    'Given ENGINE_EDIT allowed for owner and admin, When the %s viewer asks, Then it is %s',
    (persona, expected) => {
      expect(isFeatureOn(features, 'ENGINE_EDIT', PERSONAS[persona])).toBe(expected);
    },
  );

  it.each<[PersonaName, boolean]>([
    ['superadmin', true],
    ['owner', true],
    ['admin', true],
    ['user', true],
    ['unknown', false],
    ['other', true],
  ])(
    'Given a feature allowed for every role, When the %s viewer asks, Then it is %s',
    (persona, expected) => {
      expect(isFeatureOn([feature('X')], 'X', PERSONAS[persona])).toBe(expected);
    },
  );

  it('Given a feature missing from the list, When a super admin asks for it, Then it is off', () => {
    expect(isFeatureOn(features, 'ENGINE_DELETE', PERSONAS.superadmin)).toBe(false);
  });

  it('Given a feature name in another case, When asked, Then it does not match', () => {
    expect(isFeatureOn([feature('ENGINE_EDIT')], 'engine_edit', PERSONAS.owner)).toBe(false);
  });

  it('Given two features of the same name, When either allows the role, Then it is on whatever their order', () => {
    const a = feature('X', ['admin']);
    const b = feature('X', ['user']);
    expect(isFeatureOn([a, b], 'X', PERSONAS.user)).toBe(true);
    expect(isFeatureOn([b, a], 'X', PERSONAS.user)).toBe(true);
    expect(isFeatureOn([a, b], 'X', PERSONAS.owner)).toBe(false);
  });

  it('Given a profile instead of a viewer, When asking, Then its highest role decides', () => {
    const profile = {
      id: 'u-1',
      isBZAdmin: false,
      accounts: [{ id: 'a', role: 'admin' as const, products: [] }],
    };
    expect(isFeatureOn(features, 'ENGINE_EDIT', profile)).toBe(true);
    expect(isFeatureOn(features, 'MY_ACCOUNT', profile)).toBe(false);
  });
});
