import { clientContracts, engineContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { engineReader, requireUser } from '../auth/authenticate.ts';
import { categoryCounts } from '../parametric/category-counts.ts';
import * as clients from '../services/clients.ts';
import * as engines from '../services/engines.ts';
import { type RouteDeps, serve } from './define.ts';

export function engineRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  serve(app, deps, engineContracts.list, async ({ principal, query }) =>
    engines.listViewerEngines(store, engineReader(principal), query.type),
  );
  serve(app, deps, engineContracts.create, async ({ principal, body }) => {
    const { user, viewer } = requireUser(principal);
    return engines.createEngine(store, viewer, body, user.email);
  });
  serve(app, deps, engineContracts.get, async ({ principal, params, query }) =>
    engines.getEngine(store, engineReader(principal), query.accountId, params.id),
  );
  serve(app, deps, engineContracts.update, async ({ principal, params, body }) => {
    const { user, viewer } = requireUser(principal);
    return engines.updateEngine(store, viewer, params.id, body, user.email);
  });
  serve(app, deps, engineContracts.delete, async ({ principal, params, body }) =>
    engines.deleteEngine(store, requireUser(principal).viewer, body.accountId, params.id),
  );

  serve(app, deps, engineContracts.filters, async ({ principal, params, query, body }) =>
    categoryCounts(store, engineReader(principal), query.accountId, params.id, body.appliedFilters.category),
  );

  serve(app, deps, clientContracts.list, async ({ principal, query }) =>
    clients.listViewerClients(store, engineReader(principal), query.engineIds),
  );
  serve(app, deps, clientContracts.get, async ({ principal, params }) =>
    clients.getClient(store, engineReader(principal), params.id),
  );
  serve(app, deps, clientContracts.create, async ({ principal, body }) =>
    clients.createClient(store, requireUser(principal).viewer, body.accountId, body.engineId),
  );
  serve(app, deps, clientContracts.updateSettings, async ({ principal, params, body }) =>
    clients.updateSettings(store, requireUser(principal).viewer, params.id, body),
  );
}
