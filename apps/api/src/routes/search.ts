import rateLimit from '@fastify/rate-limit';
import { SearchQuery } from '@siteseer/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { InputError, TooManyRequestsError } from '../errors.ts';
import { downloadResults, liveEngine, runSearch, searchConfig } from '../parametric/search.ts';
import { type SearchRecorder, visitorId } from '../search-events/index.ts';
import type { Store } from '../store/types.ts';

const ClientParams = z.object({ clientId: z.string().min(1).max(100) });

/** The origins a client allows: '*' (any) or a list separated by commas or spaces. */
function allowedOrigin(setting: unknown, origin: string | undefined): string | undefined {
  const configured = typeof setting === 'string' && setting.trim() ? setting.trim() : '*';
  if (configured === '*') return '*';
  if (!origin) return undefined;
  const origins = configured.split(/[\s,]+/).map((o) => o.replace(/\/$/, ''));
  return origins.includes(origin) ? origin : undefined;
}

function cors(request: FastifyRequest, reply: FastifyReply, setting: unknown): void {
  const allowed = allowedOrigin(setting, request.headers.origin);
  reply.header('vary', 'Origin');
  if (allowed) {
    reply.header('access-control-allow-origin', allowed);
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type');
    reply.header('access-control-max-age', '600');
  }
}

/** The download link carries the query in its URL: q, filters (JSON), sort (column:direction). */
const DownloadQuery = z.object({
  q: z.string().max(500).optional(),
  filters: z.string().max(20_000).optional(),
  sort: z.string().max(200).optional(),
});

function queryFromLink(raw: z.infer<typeof DownloadQuery>) {
  let filters: unknown = {};
  try {
    filters = raw.filters ? JSON.parse(raw.filters) : {};
  } catch (error) {
    if (error instanceof SyntaxError) throw new InputError('filters must be JSON.');
    throw error;
  }
  const [column, direction] = (raw.sort ?? '').split(':');
  const parsed = SearchQuery.safeParse({
    q: raw.q ?? '',
    filters,
    ...(column ? { sort: { column, direction: direction === 'desc' ? 'desc' : 'asc' } } : {}),
  });
  if (!parsed.success) throw new InputError(parsed.error.issues[0]?.message ?? 'The query is not valid.');
  return parsed.data;
}

/**
 * The public search runtime, called from customer sites with a client id and no user token.
 * CORS is limited to the client's configured origins. Requests are rate-limited per address across
 * all clients (first: rotating made-up client ids would otherwise each get a budget of their own),
 * then per client and address. Searches are recorded for analytics by `recorder`, in batches that
 * no answer waits for (search-events/).
 */
export async function searchRoutes(
  instance: FastifyInstance,
  {
    store,
    recorder,
    clock,
    perMinute,
    perAddressPerMinute,
  }: { store: Store; recorder: SearchRecorder; clock: Clock; perMinute: number; perAddressPerMinute: number },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `${(request.params as { clientId?: string }).clientId ?? ''}:${request.ip}`,
  });
  // The plugin runs one limit per request, so the address's is applied here, ahead of the route's.
  const perAddress = app.createRateLimit({
    max: perAddressPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
  });
  app.addHook('onRequest', async (request) => {
    const limit = await perAddress(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new TooManyRequestsError(
        `Too many search requests from this address: at most ${perAddressPerMinute} a minute across all ` +
          `search engines. Try again in ${limit.ttlInSeconds} s.`,
        limit.ttlInSeconds,
      );
    }
  });

  app.options(
    '/search/:clientId/*',
    { schema: { params: ClientParams.extend({ '*': z.string() }), hide: true } },
    async (request, reply) => {
      const live = await liveEngine(store, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      return reply.status(204).send();
    },
  );

  app.get(
    '/search/:clientId/config',
    { schema: { params: ClientParams, hide: true } },
    async (request, reply) => {
      const live = await liveEngine(store, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      return searchConfig(live);
    },
  );

  app.post(
    '/search/:clientId/query',
    { schema: { params: ClientParams, body: SearchQuery, hide: true } },
    async (request, reply) => {
      const started = performance.now();
      const live = await liveEngine(store, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      const result = await runSearch(store, live, request.body);
      const { client } = live;
      const at = clock.now();
      const visitor = { clientId: client.id, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      recorder.search({
        accountId: client.accountId,
        clientId: client.id,
        engineId: client.engineId,
        engineType: 'pm',
        query: request.body.q,
        filters: request.body.filters,
        page: result.page,
        resultCount: result.total,
        latencyMs: performance.now() - started,
        visitorId: await visitorId(store, visitor, at),
        at,
      });
      return result;
    },
  );

  app.get(
    '/search/:clientId/download',
    { schema: { params: ClientParams, querystring: DownloadQuery, hide: true } },
    async (request, reply) => {
      const live = await liveEngine(store, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      const csv = await downloadResults(store, live, queryFromLink(request.query));
      const name = live.engineName.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'results';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(csv);
    },
  );
}
