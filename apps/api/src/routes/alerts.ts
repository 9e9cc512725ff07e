import { alertContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import {
  readAlertDeliveries,
  readAlertSettings,
  sendTestAlert,
  writeAlertSettings,
} from '../alerts/index.ts';
import { type RouteDeps, serve } from './define.ts';

/** `searchengines/{id}/alerts`: a keyword engine's alerts, a test alert, and their deliveries. */
export function alertRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const alerts = deps.state.alerts.settings;
  serve(app, deps, alertContracts.settings, async ({ principal, params, query }) =>
    readAlertSettings(alerts, principal, query.accountId, params.id),
  );
  serve(app, deps, alertContracts.update, async ({ principal, params, body }) =>
    writeAlertSettings(alerts, principal, params.id, body),
  );
  serve(app, deps, alertContracts.test, async ({ principal, params, body }) =>
    sendTestAlert(alerts, principal, params.id, body.accountId),
  );
  serve(app, deps, alertContracts.deliveries, async ({ principal, params, query }) =>
    readAlertDeliveries(alerts, principal, query.accountId, params.id),
  );
}
