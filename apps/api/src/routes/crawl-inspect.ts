import { crawlInspectContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { type RouteDeps, serve } from './define.ts';

/** `POST datasource/crawler/inspect`: one URL fetched now as the crawler would, each step explained. */
export function crawlInspectRoutes(app: FastifyInstance, deps: RouteDeps): void {
  serve(app, deps, crawlInspectContracts.inspect, async ({ principal, body }) =>
    deps.state.inspector.inspect(principal, body),
  );
}
