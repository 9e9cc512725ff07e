import { crawlerContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import * as crawler from '../crawler/frontier/index.ts';
import { type RouteDeps, serve } from './define.ts';

/** The keyword crawler's calls (data source): settings, new sites, stop, publish, the report and what it can do. */
export function crawlerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  const { changes, frontierCopies } = deps.state;
  serve(app, deps, crawlerContracts.create, async ({ principal, body }) =>
    crawler.saveEngineCrawler(store, changes, principal, body, deps.config.rendering.chromium),
  );
  serve(app, deps, crawlerContracts.capabilities, async ({ principal }) => {
    requireUser(principal);
    return crawler.crawlerCapabilities(deps.config.rendering.chromium);
  });
  serve(app, deps, crawlerContracts.start, async ({ principal, body }) =>
    crawler.startSiteCrawl(store, changes, principal, body),
  );
  serve(app, deps, crawlerContracts.stop, async ({ principal, body }) =>
    crawler.stopCrawl(store, changes, principal, body),
  );
  serve(app, deps, crawlerContracts.publish, async ({ principal, body }) =>
    crawler.publishCrawl(store, changes, principal, body),
  );
  serve(app, deps, crawlerContracts.report, async ({ principal, body }) =>
    crawler.crawlReport(store, frontierCopies, principal, body),
  );
}
