import { accountMethods, adminAccountMethods } from './client/accounts.ts';
import { alertMethods } from './client/alerts.ts';
import { analyticsMethods } from './client/analytics.ts';
import { clientMethods } from './client/clients.ts';
import { crawlerMethods } from './client/crawler.ts';
import { datasourceMethods } from './client/datasource.ts';
import { engineMethods } from './client/engines.ts';
import { featureMethods } from './client/features.ts';
import { maintenanceMethods } from './client/maintenance.ts';
import { parametricMethods } from './client/parametric.ts';
import { profileMethods } from './client/profile.ts';
import { accountUserMethods } from './client/users.ts';
import { type ApiClientConfig, createCaller } from './transport.ts';

/**
 * Creates the typed portal API client: one method per call, grouped by resource (a method's path
 * is its contract's name, e.g. `client.accounts.users.add` for `accounts.users.add`).
 * `call` sends any contract directly.
 */
export function createApiClient(config: ApiClientConfig) {
  const call = createCaller(config);
  return {
    call,
    admin: { accounts: adminAccountMethods(call) },
    accounts: { ...accountMethods(call), users: accountUserMethods(call) },
    profile: profileMethods(call),
    features: featureMethods(call),
    engines: engineMethods(call),
    clients: clientMethods(call),
    crawler: crawlerMethods(call),
    alerts: alertMethods(call),
    datasource: datasourceMethods(call),
    parametric: parametricMethods(call),
    analytics: analyticsMethods(call),
    maintenance: maintenanceMethods(call),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
