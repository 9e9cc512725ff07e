import type { CallContract } from '../contract.ts';
import { accountContracts, adminAccountContracts } from './accounts.ts';
import { alertContracts } from './alerts.ts';
import { analyticsContracts } from './analytics.ts';
import { clientContracts } from './clients.ts';
import { crawlInspectContracts } from './crawl-inspect.ts';
import { crawlerContracts } from './crawler.ts';
import { datasourceContracts } from './datasource.ts';
import { engineContracts } from './engines.ts';
import { featureContracts } from './features.ts';
import { maintenanceContracts } from './maintenance.ts';
import { parametricContracts } from './parametric.ts';
import { profileContracts } from './profile.ts';
import { siteCredentialsContracts } from './site-credentials.ts';
import { accountUserContracts } from './users.ts';

export * from './accounts.ts';
export * from './alerts.ts';
export * from './analytics.ts';
export * from './clients.ts';
export * from './crawl-inspect.ts';
export * from './crawler.ts';
export * from './datasource.ts';
export * from './engines.ts';
export * from './features.ts';
export * from './maintenance.ts';
export * from './parametric.ts';
export * from './profile.ts';
// The public search calls are not portal API calls: they are not in `apiContracts`.
export * from './public-search.ts';
export * from './site-credentials.ts';
export * from './users.ts';

/** Every call of the portal API, one contract each (the server registers its routes from this list). */
export const apiContracts: readonly CallContract[] = [
  ...Object.values(adminAccountContracts),
  ...Object.values(accountContracts),
  ...Object.values(accountUserContracts),
  ...Object.values(profileContracts),
  ...Object.values(featureContracts),
  ...Object.values(engineContracts),
  ...Object.values(clientContracts),
  ...Object.values(crawlerContracts),
  ...Object.values(crawlInspectContracts),
  ...Object.values(siteCredentialsContracts),
  ...Object.values(alertContracts),
  ...Object.values(datasourceContracts),
  ...Object.values(parametricContracts),
  ...Object.values(analyticsContracts),
  ...Object.values(maintenanceContracts),
];
