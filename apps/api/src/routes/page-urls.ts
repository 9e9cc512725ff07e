import { engineContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { suggestPageUrls } from '../services/page-urls.ts';
import { type RouteDeps, serve } from './define.ts';

/** `GET searchengines/{id}/page-urls`: a keyword engine's crawled page URLs by their start. */
export function pageUrlRoutes(app: FastifyInstance, deps: RouteDeps): void {
  serve(app, deps, engineContracts.pageUrls, async ({ principal, params, query }) =>
    suggestPageUrls(deps.store, principal, query, params.id),
  );
}
