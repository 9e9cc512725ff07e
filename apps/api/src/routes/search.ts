import { publicSearchContracts, SearchQuery } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InputError } from '../errors.ts';
import { keywordConfig } from '../keyword/runtime/index.ts';
import {
  activeSelections,
  downloadResults,
  liveEngine,
  runSearch,
  searchConfig,
} from '../parametric/search.ts';
import { searchSourceOf } from '../search-events/index.ts';
import { liveSearchClient } from '../services/live-search-client.ts';
import { cors } from '../serving/cors.ts';
import { type PublicLimits, publicSearchLimits } from '../serving/public-limits.ts';
import { keywordSearchRoutes } from './keyword-search.ts';
import { PLAIN_JSON_ANSWER, PUBLIC, type PublicSearchDeps, visitorOf } from './public-search-parts.ts';
import { clickRoute } from './search-click.ts';

const calls = publicSearchContracts;

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
 * The public search runtime, called from customer sites with a client id and no user token: the
 * calls both kinds answer (CORS preflights, the widget's config), a parametric client's search and
 * download here, a keyword client's in keyword-search.ts, both kinds' clicks in search-click.ts.
 * CORS is limited to the client's configured origins (serving/cors.ts) and requests are
 * rate-limited (serving/public-limits.ts). Searches and clicks are recorded for analytics by the
 * app's recorder, in batches that no answer waits for (search-events/).
 */
export async function searchRoutes(
  instance: FastifyInstance,
  deps: PublicSearchDeps & PublicLimits,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { state, clock } = deps;
  const { liveClients, recorder } = state;
  await publicSearchLimits(app, deps);

  app.options(
    '/search/:clientId/*',
    { schema: { params: calls.config.params.extend({ '*': z.string() }), hide: true } },
    async (request, reply) => {
      const { live } = await liveSearchClient(liveClients, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      return reply.status(204).send();
    },
  );

  app.get(
    `/${calls.config.path}`,
    {
      schema: {
        operationId: calls.config.name,
        params: calls.config.params,
        tags: ['search'],
        summary: 'What the widget needs to render a client',
        description:
          "Public (no token; CORS limited to the client's origin setting). A parametric client: its " +
          "columns, filters and settings (type 'pm'); a keyword client: its engine name and tabs, " +
          "'all' first (type 'kw'). 404 for an unknown client, or an engine with nothing published.",
        security: [],
        response: { 200: calls.config.response },
      },
    },
    async (request, reply) => {
      const either = await liveSearchClient(liveClients, request.params.clientId);
      cors(request, reply, either.live.client.settings.origin);
      return either.kind === 'pm' ? searchConfig(either.live) : keywordConfig(either.live);
    },
  );

  keywordSearchRoutes(app, deps);
  await clickRoute(app, deps);

  app.post(
    `/${calls.query.path}`,
    {
      schema: {
        operationId: calls.query.name,
        params: calls.query.params,
        body: calls.query.body,
        tags: ['search'],
        summary: 'Search the rows of a parametric engine',
        description:
          `${PUBLIC} A JSON body, so browsers preflight it. The published rows matching every word ` +
          'of q (each a prefix of a word of the row) and every filter, sorted and paged; the facets of ' +
          "the filters under the others' selection; `took` and `searchId`, which click beacons name.",
        security: [],
        response: { 200: calls.query.response },
      },
      ...PLAIN_JSON_ANSWER,
    },
    async (request, reply) => {
      const started = performance.now();
      const live = await liveEngine(liveClients, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      const query = { ...request.body, filters: activeSelections(live, request.body.filters) };
      const result = await runSearch(state.parametric, live, query);
      const { client } = live;
      const at = clock.now();
      const searchId = recorder.search({
        accountId: client.accountId,
        clientId: client.id,
        engineId: client.engineId,
        engineType: 'pm',
        query: query.q,
        filters: query.filters,
        page: result.page,
        resultCount: result.total,
        latencyMs: performance.now() - started,
        visitorId: await visitorOf(state, client.id, request, at),
        at,
        source: searchSourceOf(request.headers),
      });
      return { ...result, searchId };
    },
  );

  app.get(
    '/search/:clientId/download',
    { schema: { params: calls.query.params, querystring: DownloadQuery, hide: true } },
    async (request, reply) => {
      const live = await liveEngine(liveClients, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      const csv = await downloadResults(state.parametric, live, queryFromLink(request.query));
      const name = live.engineName.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'results';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(csv);
    },
  );
}
