import { describe, expect, it } from 'vitest';
import type { NavigationItem } from './navigation.ts';
import {
  canEnterAdmin,
  seesAdministration,
  seesFeatures,
  seesLocator,
  seesMaintenanceSetter,
  seesMyAccount,
  topNavigation,
} from './navigation.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { allOn, feature, PERSONAS } from './personas.test-kit.ts';

const on = allOn('MY_ACCOUNT', 'MAINTENANCE');
const off: never[] = [];

describe('navigation and super admin screens', () => {
  it.each<{ persona: PersonaName; admin: boolean; myAccountOn: boolean; maintenanceOn: boolean }>([
    { persona: 'superadmin', admin: true, myAccountOn: false, maintenanceOn: true },
    { persona: 'owner', admin: false, myAccountOn: true, maintenanceOn: false },
    { persona: 'admin', admin: false, myAccountOn: true, maintenanceOn: false },
    { persona: 'user', admin: false, myAccountOn: true, maintenanceOn: false },
    { persona: 'unknown', admin: false, myAccountOn: false, maintenanceOn: false },
    { persona: 'other', admin: false, myAccountOn: true, maintenanceOn: false },
  ])(
    'Given the $persona viewer with the features on, When asking each navigation question, Then /admin, Administration, Features and locator are $admin, My Account $myAccountOn, maintenance setter $maintenanceOn',
    ({ persona, admin, myAccountOn, maintenanceOn }) => {
      const viewer = PERSONAS[persona];
      expect({
        enterAdmin: canEnterAdmin(viewer),
        administration: seesAdministration(viewer),
        features: seesFeatures(viewer),
        locator: seesLocator(viewer),
        myAccount: seesMyAccount(viewer, on),
        maintenance: seesMaintenanceSetter(viewer, on),
      }).toEqual({
        enterAdmin: admin,
        administration: admin,
        features: admin,
        locator: admin,
        myAccount: myAccountOn,
        maintenance: maintenanceOn,
      });
    },
  );

  it.each<PersonaName>(['superadmin', 'owner', 'admin', 'user', 'unknown', 'other'])(
    'Given the features off, When the %s viewer asks for My Account and the maintenance setter, Then neither shows',
    (persona) => {
      expect(seesMyAccount(PERSONAS[persona], off)).toBe(false);
      expect(seesMaintenanceSetter(PERSONAS[persona], off)).toBe(false);
    },
  );

  it('Given MY_ACCOUNT allowed for user only, When an owner and a user ask, Then only the user sees My Account', () => {
    const userOnly = [feature('MY_ACCOUNT', ['user'])];
    expect(seesMyAccount(PERSONAS.owner, userOnly)).toBe(false);
    expect(seesMyAccount(PERSONAS.user, userOnly)).toBe(true);
  });

  it('Given MAINTENANCE allowed for every role but superadmin, When a super admin asks, Then the setter is hidden', () => {
    expect(
      seesMaintenanceSetter(PERSONAS.superadmin, [feature('MAINTENANCE', ['owner', 'admin', 'user'])]),
    ).toBe(false);
  });

  it.each<[PersonaName, NavigationItem[]]>([
    ['superadmin', ['dashboard', 'administration', 'features', 'documentation']],
    ['owner', ['dashboard', 'my-account', 'documentation']],
    ['admin', ['dashboard', 'my-account', 'documentation']],
    ['user', ['dashboard', 'my-account', 'documentation']],
    ['unknown', ['dashboard', 'documentation']],
    ['other', ['dashboard', 'my-account', 'documentation']],
  ])(
    'Given the features on, When the %s viewer opens the top navigation, Then it shows %j',
    (persona, expected) => {
      expect(topNavigation(PERSONAS[persona], on)).toEqual(expected);
    },
  );
});
