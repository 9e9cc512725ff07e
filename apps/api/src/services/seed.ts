import { randomBytes } from 'node:crypto';
import { FEATURE_FLAGS, type FeatureCreate, type Role } from '@siteseer/core';
import type { Config } from '../config.ts';
import { hashPassword } from '../identity/passwords.ts';
import { insertAccount, insertMembership } from '../repositories/accounts.ts';
import { insertFeature } from '../repositories/features.ts';
import { countUsers, insertUser, lockFirstLogins } from '../repositories/users.ts';
import type { Store } from '../store/types.ts';

const ALL: Role[] = ['superadmin', 'owner', 'admin', 'user'];
const MANAGERS: Role[] = ['superadmin', 'owner', 'admin'];

/** Every feature the portal gates, with a description and the roles it starts on for. */
export const DEFAULT_FEATURES: FeatureCreate[] = [
  [
    FEATURE_FLAGS.PM_WIZARD_SE_CONFIG,
    'Parametric wizard: the Configure step (application settings).',
    MANAGERS,
  ],
  [FEATURE_FLAGS.KW_WIZARD_URL_FILTERING, 'Keyword wizard: URL filters in the Crawler step.', ALL],
  [FEATURE_FLAGS.KW_WIZARD_CRAWL_FREQUENCY, 'Keyword wizard: crawl frequency in the Crawler step.', ALL],
  [FEATURE_FLAGS.KW_WIZARD_TABS, 'Keyword wizard: the Tabs step (edit mode).', ALL],
  [FEATURE_FLAGS.KW_WIZARD_RELEVANCE, 'Keyword wizard: relevance rules in the Influence step.', ALL],
  [FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING, 'Keyword wizard: result ranking in the Influence step.', ALL],
  [FEATURE_FLAGS.KW_WIZARD_SYNONYMS, 'Keyword wizard: the Synonyms step.', ALL],
  [FEATURE_FLAGS.KW_WIZARD_URL_REWRITE, 'Keyword wizard: the URL Rewriting step.', ALL],
  [FEATURE_FLAGS.DASHBOARD_ADD_PARAMETRIC, 'Dashboard: the Add a New Parametric Search Engine card.', ALL],
  [FEATURE_FLAGS.DASHBOARD_ADD_KEYWORD, 'Dashboard: the Add a New Keyword Search Engine card.', ALL],
  [FEATURE_FLAGS.MY_ACCOUNT, 'Navigation: the My Account page.', ['owner', 'admin', 'user']],
  [
    FEATURE_FLAGS.MAINTENANCE,
    'Navigation: the Set maintenance message entry (super admins).',
    ['superadmin'],
  ],
  [FEATURE_FLAGS.ENGINE_PREVIEW, 'Engine card: the Preview button.', ALL],
  [FEATURE_FLAGS.ENGINE_INSTALL, 'Engine card: the Install button.', ALL],
  [FEATURE_FLAGS.ENGINE_ANALYTICS, 'Engine card: the Analytics button.', ALL],
  [FEATURE_FLAGS.ENGINE_STATUS, 'Engine card: the Status button (keyword crawl report).', ALL],
  [FEATURE_FLAGS.ENGINE_EDIT, 'Engine card: the Edit menu item.', MANAGERS],
  [FEATURE_FLAGS.ENGINE_DELETE, 'Engine card: the Delete menu item.', MANAGERS],
].map(([name, description, allowedRoles]) => ({
  name: name as string,
  description: description as string,
  show_details: false,
  allowedRoles: allowedRoles as Role[],
}));

/** Adds the features that are missing; existing ones keep their roles. */
export async function seedFeatures(store: Store): Promise<void> {
  for (const feature of DEFAULT_FEATURES) await insertFeature(store, feature, true);
}

export interface DemoCredentials {
  superAdmin: { email: string; password: string };
  owner: { email: string; password: string; accountName: string };
}

const DEMO_SUPER_ADMIN_EMAIL = 'superadmin@siteseer.test';
const DEMO_OWNER_EMAIL = 'owner@demo.siteseer.test';
const DEMO_ACCOUNT_NAME = 'Demo Account';

function newPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * On first start (no logins yet): a super admin, and a demo account with both products and an
 * owner. Returns their credentials once; later starts return undefined. Several processes
 * starting together seed once (advisory lock).
 */
export async function seedDemo(store: Store, config: Config): Promise<DemoCredentials | undefined> {
  return store.transaction(async (tx) => {
    await lockFirstLogins(tx);
    if ((await countUsers(tx)) > 0) return undefined;
    const superPassword = newPassword();
    const ownerPassword = newPassword();
    await insertUser(tx, {
      email: DEMO_SUPER_ADMIN_EMAIL,
      firstName: 'Super',
      lastName: 'Admin',
      passwordHash: await hashPassword(superPassword),
      groups: [config.identity.adminGroup],
    });
    const owner = await insertUser(tx, {
      email: DEMO_OWNER_EMAIL,
      firstName: 'Demo',
      lastName: 'Owner',
      passwordHash: await hashPassword(ownerPassword),
    });
    const account = await insertAccount(tx, DEMO_ACCOUNT_NAME, ['pm', 'kw']);
    await insertMembership(tx, account.id, owner.id, 'owner');
    return {
      superAdmin: { email: DEMO_SUPER_ADMIN_EMAIL, password: superPassword },
      owner: { email: DEMO_OWNER_EMAIL, password: ownerPassword, accountName: DEMO_ACCOUNT_NAME },
    };
  });
}
