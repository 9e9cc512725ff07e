import middie from '@fastify/middie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { engineAlerts } from './alerts/index.ts';
import { loadFrameKey, startAnalyticsRetention } from './analytics/index.ts';
import type { AppState } from './app-state.ts';
import { createGrantCheck } from './auth/grant-check.ts';
import { createTokenVerifier, type EmbeddedIssuer } from './auth/verify-token.ts';
import { Changes } from './changes/changes.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { botPageText } from './crawler/bot-page.ts';
import { FrontierCopies } from './crawler/frontier/index.ts';
import { UrlInspector } from './crawler/inspect/index.ts';
import { identityPages } from './identity/interactions.ts';
import { smtpMailer } from './identity/invitation-mail.ts';
import { loadSigningKeys, publicJwks } from './identity/keys.ts';
import { IDENTITY_PAGE_SOURCES } from './identity/pages.ts';
import { createIdentityProvider } from './identity/provider.ts';
import { startIdentitySweep } from './identity/sweep.ts';
import { jsonBodyParser } from './json-body.ts';
import { keywordRuntime } from './keyword/runtime/index.ts';
import { parametricRuntime } from './parametric/parametric-runtime.ts';
import { problemHandler } from './problem.ts';
import { redirectToPublicOrigin } from './public-origin.ts';
import { loggerOptions } from './request-log.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { apiRoutes, type InvitationSink } from './routes/index.ts';
import { portalRoutes } from './routes/portal.ts';
import { searchRoutes } from './routes/search.ts';
import { widgetRoutes } from './routes/widget.ts';
import { SearchRecorder, VisitorIds } from './search-events/index.ts';
import { SecretBox, secretsKeyFor } from './secrets/index.ts';
import { securityHeaders } from './security-headers.ts';
import { AnswerCaches } from './serving/answer-cache.ts';
import { IndexMemory } from './serving/index-memory.ts';
import { LiveClients } from './serving/live-clients.ts';
import { PopularQueries } from './serving/suggestions/popular-queries.ts';
import type { Store } from './store/types.ts';
import { StoreHealth } from './store-health.ts';

export interface AppDeps {
  config: Config;
  store: Store;
  /** Where invitation links go; by default the server log (the embedded provider sends no e-mail). */
  onInvitation?: InvitationSink | undefined;
  /** The sign-in form's clock (its windows and delays) and search recording's; the system's by default. */
  clock?: Clock | undefined;
}

/** The runtime configuration file of the spec, fetched by the portal at start. */
function portalRuntimeConfig(config: Config) {
  return {
    apiBase: `${config.publicUrl}/api`,
    issuer: config.identity.issuer,
    clientId: config.identity.portalClientId,
    cliClientId: config.identity.cliClientId,
    audience: config.identity.audience,
    scopes: 'openid email profile groups offline_access',
    redirectUri: `${config.publicUrl}/auth/callback`,
    forgotPasswordUrl: config.identity.forgotPasswordUrl,
    ...(config.trainingUrl ? { trainingUrl: config.trainingUrl } : {}),
    knowledgeBaseUrl: config.knowledgeBaseUrl,
  };
}

/**
 * The app's state (see AppState), on `app.state`, each part closed with the app: the recorder
 * last, so what it queued meanwhile is written. Its keys are read first, before anything there is
 * to close: today's visitor salt, so recording a search never waits for the database for it, and
 * the frame sessions' key.
 */
async function appState(app: FastifyInstance, store: Store, config: Config, clock: Clock): Promise<AppState> {
  const visitorIds = new VisitorIds(store);
  await visitorIds.load();
  const frameKey = await loadFrameKey(store);
  const log = (error: unknown, what: string) => app.log.error({ err: error }, `${what} failed`);
  const changes = new Changes(store, log);
  const source = { store, caches: new AnswerCaches() };
  const indexMemory = new IndexMemory(config.searchIndexMemoryBytes);
  const keyword = keywordRuntime(source, changes, {
    log,
    memory: indexMemory,
    searchThreads: config.searchThreads,
  });
  const secrets = new SecretBox(secretsKeyFor(config));
  const state: AppState = {
    changes,
    liveClients: new LiveClients(source, changes),
    caches: source.caches,
    indexMemory,
    parametric: parametricRuntime(source, indexMemory),
    keyword,
    popularQueries: new PopularQueries(store, indexMemory, { refreshMs: config.suggestionsRefreshMs, log }),
    // Searches and clicks are written in batches; what is queued is written as the app closes.
    recorder: new SearchRecorder(store, {
      onWriteError: (message, error) => app.log.warn({ err: error }, message),
      enabled: config.searchRecording,
    }),
    visitorIds,
    frameKey,
    frontierCopies: new FrontierCopies(),
    inspector: new UrlInspector({
      store,
      keyword,
      allowPrivate: config.crawlAllowPrivate,
      publicUrl: config.publicUrl,
      secrets,
      rendering: config.rendering,
    }),
    secrets,
    alerts: engineAlerts(config, store, { now: () => clock.now(), log, secrets }),
  };
  app.decorate('state', state);
  state.alerts.dispatcher.start();
  app.addHook('onClose', async () => {
    state.liveClients.close();
    await Promise.all([
      state.parametric.close(),
      state.keyword.close(),
      state.popularQueries.close(),
      state.inspector.close(),
      state.alerts.dispatcher.close(),
    ]);
    await changes.close();
    await state.recorder.close();
  });
  return state;
}

/** Builds the whole server: portal API, identity provider and their pages. Does not listen. */
export async function buildApp({ config, store, onInvitation, clock }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    // Behind a TLS proxy the public URL is https; trust its forwarded headers then.
    trustProxy: config.publicUrl.startsWith('https:'),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(problemHandler);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);
  // First: the hooks they add run before every route and before the identity provider.
  await securityHeaders(app, config, IDENTITY_PAGE_SOURCES);
  redirectToPublicOrigin(app, config);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Siteseer portal API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const health = new StoreHealth(store);
  app.addHook('onClose', async () => health.stop());
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const now = health.now();
    if (!now.ok) return reply.status(503).send({ status: 'unavailable', reason: now.reason });
    return { status: 'ok' };
  });
  app.get('/config.json', { schema: { hide: true } }, async () => portalRuntimeConfig(config));
  // Named by the crawler's User-Agent, for site owners who find it in their logs.
  app.get('/bot', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(botPageText(config.publicUrl)),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  let embedded: EmbeddedIssuer | undefined;
  if (config.identity.embedded) {
    const provider = await createIdentityProvider(config, store);
    await app.register(middie);
    app.use('/oidc', provider.callback());
    await app.register(identityPages, { provider, store, config, clock });
    const stopSweep = startIdentitySweep(store, {
      now: () => (clock ?? systemClock).now(),
      onError: (error) => app.log.warn({ err: error }, 'identity sweep failed'),
    });
    app.addHook('onClose', async () => stopSweep());
    embedded = { jwks: publicJwks(await loadSigningKeys(store)), grantExists: createGrantCheck(store) };
  }
  const verifyToken = createTokenVerifier(config.identity, embedded);
  const state = await appState(app, store, config, clock ?? systemClock);
  const mailer = config.smtp ? smtpMailer(config.smtp) : undefined;
  app.addHook('onClose', async () => mailer?.close());
  await app.register(apiRoutes, { prefix: '/api', store, config, verifyToken, state, onInvitation, mailer });
  await app.register(widgetRoutes, { store, config, verifyToken, state });
  await app.register(searchRoutes, {
    state,
    clock: clock ?? systemClock,
    perMinute: config.searchRateLimitPerMinute,
    perAddressPerMinute: config.searchAddressRateLimitPerMinute,
  });
  const appClock = clock ?? systemClock;
  await app.register(analyticsRoutes, { store, config, verifyToken, state, clock: appClock });
  const stopRetention = startAnalyticsRetention(store, {
    months: config.analyticsRetentionMonths,
    now: () => appClock.now(),
    onError: (error) => app.log.warn({ err: error }, 'analytics retention failed'),
  });
  app.addHook('onClose', async () => stopRetention());
  app.setNotFoundHandler(await portalRoutes(app));
  return app;
}
