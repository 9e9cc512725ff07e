import { featureContracts, maintenanceContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import * as features from '../services/features.ts';
import * as maintenance from '../services/maintenance.ts';
import { type RouteDeps, serve } from './define.ts';

export function featureRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  serve(app, deps, featureContracts.list, async ({ principal }) => {
    requireUser(principal);
    return features.listFeatures(store);
  });
  serve(app, deps, featureContracts.create, async ({ principal, body }) =>
    features.createFeature(store, requireUser(principal).viewer, body),
  );
  serve(app, deps, featureContracts.update, async ({ principal, params, body }) =>
    features.replaceFeature(store, requireUser(principal).viewer, { ...body, _id: params.id }),
  );
  serve(app, deps, featureContracts.delete, async ({ principal, params }) =>
    features.removeFeature(store, requireUser(principal).viewer, params.id),
  );

  serve(app, deps, maintenanceContracts.get, async ({ principal }) => {
    requireUser(principal);
    return maintenance.currentNotice(store);
  });
  serve(app, deps, maintenanceContracts.set, async ({ principal, body }) => {
    const { user, viewer } = requireUser(principal);
    return maintenance.setNotice(store, viewer, body, user.email);
  });
  serve(app, deps, maintenanceContracts.clear, async ({ principal }) =>
    maintenance.clearNotice(store, requireUser(principal).viewer),
  );
}
