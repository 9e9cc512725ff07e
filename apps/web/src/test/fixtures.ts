import type { Account, Feature, Role, SearchEngine, UserProfile } from '@siteseer/core';
import { FEATURE_FLAGS } from '@siteseer/core';

const ALL: Role[] = ['superadmin', 'owner', 'admin', 'user'];
const MANAGERS: Role[] = ['superadmin', 'owner', 'admin'];

/** The features as the API seeds them (the roles each starts on). */
export function seededFeatures(overrides: Partial<Record<string, Role[]>> = {}): Feature[] {
  const roles: Record<string, Role[]> = {
    [FEATURE_FLAGS.PM_WIZARD_SE_CONFIG]: MANAGERS,
    [FEATURE_FLAGS.DASHBOARD_ADD_PARAMETRIC]: ALL,
    [FEATURE_FLAGS.DASHBOARD_ADD_KEYWORD]: ALL,
    [FEATURE_FLAGS.MY_ACCOUNT]: ['owner', 'admin', 'user'],
    [FEATURE_FLAGS.MAINTENANCE]: ['superadmin'],
    [FEATURE_FLAGS.ENGINE_PREVIEW]: ALL,
    [FEATURE_FLAGS.ENGINE_INSTALL]: ALL,
    [FEATURE_FLAGS.ENGINE_ANALYTICS]: ALL,
    [FEATURE_FLAGS.ENGINE_STATUS]: ALL,
    [FEATURE_FLAGS.ENGINE_EDIT]: MANAGERS,
    [FEATURE_FLAGS.ENGINE_DELETE]: MANAGERS,
    ...overrides,
  };
  return Object.entries(roles).map(([name, allowedRoles], index) => ({
    _id: `f${index}`,
    name,
    description: '',
    show_details: false,
    allowedRoles: allowedRoles ?? [],
  }));
}

export function account(
  id: string,
  name: string,
  role: Account['role'],
  products: Account['products'] = ['pm', 'kw'],
): Account {
  return { id, name, role, products, createdDate: '2026-01-01T00:00:00.000Z' };
}

export function engine(
  overrides: Partial<SearchEngine> & Pick<SearchEngine, 'id' | 'searchEngineName'>,
): SearchEngine {
  return {
    accountId: 'a1',
    searchEngineType: 'kw',
    createdDate: '2026-02-01T00:00:00.000Z',
    createdBy: 'u1',
    urls: [],
    ...overrides,
  };
}

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u1',
    firstName: 'Olive',
    lastName: 'Owner',
    email: 'olive@example.com',
    isBZAdmin: false,
    accounts: [account('a1', 'Acme', 'owner')],
    engines: [],
    clients: {},
    ...overrides,
  };
}
