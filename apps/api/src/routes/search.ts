import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import {
  KeywordSearchConfig,
  KeywordSearchQuery,
  KeywordSearchResult,
  KeywordSuggestions,
  KeywordSuggestionsQuery,
  SearchClick,
  SearchConfig,
  SearchQuery,
  SearchResult,
} from '@siteseer/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppState } from '../app-state.ts';
import type { Clock } from '../clock.ts';
import { InputError, NotAllowedError, NotFoundError, TooManyRequestsError } from '../errors.ts';
import { jsonBodyParser } from '../json-body.ts';
import {
  answerBody,
  type KeywordRuntime,
  keywordConfig,
  liveKeyword,
  searchKeyword,
  suggestKeyword,
} from '../keyword/runtime/index.ts';
import {
  activeSelections,
  downloadResults,
  liveEngine,
  runSearch,
  searchConfig,
} from '../parametric/search.ts';
import { normaliseQuery, type SearchRecorder, visitorId } from '../search-events/index.ts';
import { liveSearchClient } from '../services/live-search-client.ts';
import type { LiveClients } from '../serving/live-clients.ts';
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

/**
 * The CORS headers of a client's allowed origins. A browser on a site the client does not allow
 * could not read the answer anyway: it is refused (403) before any search, so the search is neither
 * worked out nor recorded in the client's analytics. The server's own pages (the previews, whose
 * POSTs carry their own origin) are always allowed; a request without an Origin (a server, the
 * CLI) is answered, as CORS does not apply to it.
 */
function cors(request: FastifyRequest, reply: FastifyReply, setting: unknown): void {
  const { origin } = request.headers;
  const allowed = allowedOrigin(setting, origin);
  reply.header('vary', 'Origin');
  if (allowed) {
    reply.header('access-control-allow-origin', allowed);
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type');
    reply.header('access-control-max-age', '600');
  } else if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new NotAllowedError(
      `This search engine does not answer pages of ${origin}: the sites that may use it are the ` +
        "origins of the engine's settings.",
    );
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
 * The parametric search answer is written by JSON.stringify instead of the app's serializer, which
 * checks an answer against its schema on the way out (zod, stripping keys the schema lacks): for a
 * parametric page of 20 rows and its facets that check took ~43 µs, about a sixth of the search.
 * The answer is built field by field (no stored record is passed through), and tests hold it to
 * its schema with nothing extra (parametric.integration); the schema still documents the answer in
 * the OpenAPI document. The keyword answer is sent as the bytes its cache keeps (`answerBody`),
 * held to its schema the same way (keyword-runtime.integration).
 */
const PLAIN_JSON_ANSWER = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * The public search runtime, called from customer sites with a client id and no user token.
 * CORS is limited to the client's configured origins. Requests are rate-limited per address across
 * all clients (first: rotating made-up client ids would otherwise each get a budget of their own),
 * then per client and address. Searches and clicks are recorded for analytics by `recorder`, in
 * batches that no answer waits for (search-events/).
 */
export async function searchRoutes(
  instance: FastifyInstance,
  {
    store,
    state,
    clock,
    perMinute,
    perAddressPerMinute,
  }: { store: Store; state: AppState; clock: Clock; perMinute: number; perAddressPerMinute: number },
): Promise<void> {
  const { liveClients, recorder, keyword } = state;
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

  // A client id that answers nothing (a wrong id pasted in a snippet, an engine not published yet)
  // has no origins to answer: its 404 is readable by any page, so the widget's error event and the
  // console name the cause rather than a CORS failure. It says no more than that the id is unknown.
  // So do refusals made before a route reads its client: a parameter the schema refuses (400) and
  // the address's or client's rate (429), which say nothing of the engine either.
  app.addHook('onError', async (_request, reply, error) => {
    const readableByAnyPage =
      error instanceof NotFoundError ||
      error instanceof TooManyRequestsError ||
      error.statusCode === 429 ||
      error.validation !== undefined;
    if (readableByAnyPage && !reply.hasHeader('access-control-allow-origin'))
      reply.header('access-control-allow-origin', '*');
  });

  app.options(
    '/search/:clientId/*',
    { schema: { params: ClientParams.extend({ '*': z.string() }), hide: true } },
    async (request, reply) => {
      const { live } = await liveSearchClient(liveClients, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      return reply.status(204).send();
    },
  );

  app.get(
    '/search/:clientId/config',
    {
      schema: {
        params: ClientParams,
        tags: ['search'],
        summary: 'What the widget needs to render a client',
        description:
          "Public (no token; CORS limited to the client's origin setting). A parametric client: its " +
          "columns, filters and settings (type 'pm'); a keyword client: its engine name and tabs, " +
          "'all' first (type 'kw'). 404 for an unknown client, or an engine with nothing published.",
        security: [],
        response: { 200: z.union([SearchConfig, KeywordSearchConfig]) },
      },
    },
    async (request, reply) => {
      const either = await liveSearchClient(liveClients, request.params.clientId);
      cors(request, reply, either.live.client.settings.origin);
      return either.kind === 'pm' ? searchConfig(either.live) : keywordConfig(either.live);
    },
  );

  await keywordRoutes(app, { store, liveClients, runtime: keyword, recorder, clock });

  app.post(
    '/search/:clientId/query',
    {
      schema: {
        params: ClientParams,
        body: SearchQuery,
        tags: ['search'],
        summary: 'Search the rows of a parametric engine',
        description:
          `${PUBLIC} A JSON body, so browsers preflight it. The published rows matching every word ` +
          'of q (each a prefix of a word of the row) and every filter, sorted and paged; the facets of ' +
          "the filters under the others' selection; `took` and `searchId`, which click beacons name.",
        security: [],
        response: { 200: SearchResult },
      },
      ...PLAIN_JSON_ANSWER,
    },
    async (request, reply) => {
      const started = performance.now();
      const live = await liveEngine(liveClients, request.params.clientId);
      cors(request, reply, live.client.settings.origin);
      const query = { ...request.body, filters: activeSelections(live, request.body.filters) };
      const result = await runSearch(store, live, query);
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
        visitorId: await visitorOf(recorder, store, client.id, request, at),
        at,
      });
      return { ...result, searchId };
    },
  );

  app.get(
    '/search/:clientId/download',
    { schema: { params: ClientParams, querystring: DownloadQuery, hide: true } },
    async (request, reply) => {
      const live = await liveEngine(liveClients, request.params.clientId);
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

/** The media type of the answers sent as bytes. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** What the OpenAPI document says of every public search call. */
const PUBLIC = "Public: no token; CORS limited to the client's origin setting; rate-limited per address.";

/** A click beacon's body: a few hundred bytes of JSON. */
const CLICK_BODY_MAX = 4096;

/** The keyword client's calls (search, suggestions as one types) and both kinds' result clicks. */
async function keywordRoutes(
  instance: FastifyInstance,
  {
    store,
    liveClients,
    runtime,
    recorder,
    clock,
  }: {
    store: Store;
    liveClients: LiveClients;
    runtime: KeywordRuntime;
    recorder: SearchRecorder;
    clock: Clock;
  },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/search/:clientId/keyword',
    {
      schema: {
        params: ClientParams,
        querystring: KeywordSearchQuery,
        tags: ['search'],
        summary: 'Search the pages of a keyword engine',
        description:
          `${PUBLIC} A GET with no custom header, so browsers send it without a preflight. ` +
          'The pages of the published crawl ranked for q in the chosen tab, the pinned results of the ' +
          "engine's result ranking first; every tab with its count; snippets HTML-escaped with the " +
          "query's words in <mark>; URLs rewritten by the engine's rules unless rewrite=false. " +
          'An empty q lists the tabs and no results.',
        security: [],
        response: { 200: KeywordSearchResult },
      },
      ...PLAIN_JSON_ANSWER,
    },
    async (request, reply) => {
      const live = await liveKeyword(liveClients, request.params.clientId);
      cors(request, reply, live.settings.origin);
      const at = clock.now();
      const visitor = visitorOf(recorder, store, live.client.id, request, at);
      const answer = await searchKeyword(runtime, live, request.query);
      const { client } = answer.live;
      // An empty q only lists the tabs (the widget never sends one): nothing was searched, so it is
      // not recorded (it would count as a search with no results). Its id names no search.
      const searchId =
        normaliseQuery(request.query.q) === ''
          ? randomUUID()
          : recorder.search({
              accountId: client.accountId,
              clientId: client.id,
              engineId: client.engineId,
              engineType: 'kw',
              query: request.query.q,
              tab: request.query.tab,
              page: answer.page,
              resultCount: answer.total,
              latencyMs: answer.took,
              visitorId: await visitor,
              at,
            });
      // The answer's own bytes (see searchKeyword), sent as they are: no serialiser runs. They are
      // the schema's JSON; the type provider only knows the object they encode.
      const body: unknown = answerBody(answer, searchId);
      return reply.type(JSON_TYPE).send(body as KeywordSearchResult);
    },
  );

  app.get(
    '/search/:clientId/suggest',
    {
      schema: {
        params: ClientParams,
        querystring: KeywordSuggestionsQuery,
        tags: ['search'],
        summary: 'Page titles for what is being typed',
        description: `${PUBLIC} Titles of the pages holding every word of q, the last as a prefix, best first.`,
        security: [],
        response: { 200: KeywordSuggestions },
      },
    },
    async (request, reply) => {
      const live = await liveKeyword(liveClients, request.params.clientId);
      cors(request, reply, live.settings.origin);
      return suggestKeyword(runtime, live, request.query.q);
    },
  );

  // navigator.sendBeacon sends its JSON as text/plain (no preflight): read as JSON here only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: CLICK_BODY_MAX },
      jsonBodyParser,
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/search/:clientId/click',
      {
        bodyLimit: CLICK_BODY_MAX,
        schema: {
          params: ClientParams,
          body: SearchClick,
          consumes: ['text/plain', 'application/json'],
          tags: ['search'],
          summary: 'Record a click on a search result',
          description:
            `${PUBLIC} A result followed, of either kind (a keyword result, or a link in a parametric ` +
            'result row). The JSON of the click, sent as text/plain (what navigator.sendBeacon sends) or ' +
            'application/json: the searchId of the answer, the URL opened and its 1-based position ' +
            'across pages. 204.',
          security: [],
        },
      },
      async (request, reply) => {
        // Both kinds: a keyword result, or a link in a parametric result row.
        const { client } = (await liveSearchClient(liveClients, request.params.clientId)).live;
        cors(request, reply, client.settings.origin);
        const at = clock.now();
        recorder.click({
          clientId: client.id,
          searchId: request.body.searchId,
          url: request.body.url,
          position: request.body.position,
          visitorId: await visitorOf(recorder, store, client.id, request, at),
          at,
        });
        return reply.status(204).send();
      },
    );
  });
}

/**
 * The visitor's daily pseudonym (never the address), from what the request says of it; not worked
 * out (empty) when nothing is recorded, so recording off costs a search nothing of recording's.
 */
function visitorOf(
  recorder: SearchRecorder,
  store: Store,
  clientId: string,
  request: FastifyRequest,
  at: Date,
): string | Promise<string> {
  if (!recorder.recording) return '';
  return visitorId(store, { clientId, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }, at);
}
