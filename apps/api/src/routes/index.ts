import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../identity/invitation-mail.ts';
import { accountRoutes } from './accounts.ts';
import { alertRoutes } from './alerts.ts';
import { crawlInspectRoutes } from './crawl-inspect.ts';
import { crawlerRoutes } from './crawler.ts';
import type { RouteDeps } from './define.ts';
import { engineRoutes } from './engines.ts';
import { explainRoutes } from './explain.ts';
import { featureRoutes } from './features.ts';
import { pageUrlRoutes } from './page-urls.ts';
import { parametricRoutes } from './parametric.ts';
import { siteCredentialsRoutes } from './site-credentials.ts';
import { suggestionSettingsRoutes } from './suggestion-settings.ts';
import { userRoutes } from './users.ts';

/** Receives the set-password link of each invited login. */
export type InvitationSink = (email: string, link: string) => void;

/** What the portal API needs beyond every route's dependencies: where invitations go. */
export interface InvitationDeps {
  onInvitation?: InvitationSink | undefined;
  /** Sends invitation e-mails; undefined when no SMTP server is configured. */
  mailer: Mailer | undefined;
}

/** The portal API, mounted at `/api`: the spec's calls, one module per resource. */
export async function apiRoutes(app: FastifyInstance, deps: RouteDeps & InvitationDeps): Promise<void> {
  const userDeps = {
    ...deps,
    onInvitation:
      deps.onInvitation ??
      ((email: string, link: string) => app.log.info({ email, link }, 'invitation link')),
    onMailError: (error: unknown, what: string) => app.log.warn({ err: error }, `${what} failed`),
  };
  // Uploads are read part by part with their own limits (routes/multipart.ts).
  await app.register(multipart);
  accountRoutes(app, userDeps);
  userRoutes(app, userDeps);
  engineRoutes(app, deps);
  explainRoutes(app, deps);
  pageUrlRoutes(app, deps);
  suggestionSettingsRoutes(app, deps);
  featureRoutes(app, deps);
  parametricRoutes(app, deps);
  crawlerRoutes(app, deps);
  crawlInspectRoutes(app, deps);
  siteCredentialsRoutes(app, deps);
  alertRoutes(app, deps);
}
