import { engineContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { explainEngineSearch } from '../services/keyword-explain.ts';
import { type RouteDeps, serve } from './define.ts';

/** `GET searchengines/{id}/explain`: a keyword engine's results with their scores taken apart. */
export function explainRoutes(app: FastifyInstance, deps: RouteDeps): void {
  serve(app, deps, engineContracts.explain, async ({ principal, params, query }) =>
    explainEngineSearch(deps.store, deps.state.keyword, principal, params.id, query),
  );
}
