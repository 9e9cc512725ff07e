import { siteCredentialsContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { listSiteSignIns, removeSiteSignIn, setSiteSignIn } from '../crawler/credentials/index.ts';
import { type RouteDeps, serve } from './define.ts';

/** `datasource/crawler/credentials`: the sign-ins the crawler sends to an engine's sites (write-only). */
export function siteCredentialsRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  const { changes, secrets } = deps.state;
  serve(app, deps, siteCredentialsContracts.list, async ({ principal, query }) =>
    listSiteSignIns(store, principal, query),
  );
  serve(app, deps, siteCredentialsContracts.set, async ({ principal, body }) =>
    setSiteSignIn(store, changes, secrets, principal, body),
  );
  serve(app, deps, siteCredentialsContracts.remove, async ({ principal, body }) =>
    removeSiteSignIn(store, changes, principal, body),
  );
}
