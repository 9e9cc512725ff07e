import { randomUUID } from 'node:crypto';
import { type KeywordSearchResult, publicSearchContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerBody, liveKeyword, searchKeyword } from '../keyword/runtime/index.ts';
import { normaliseQuery, searchSourceOf } from '../search-events/index.ts';
import { suggestFor } from '../services/keyword-suggestions.ts';
import { cors } from '../serving/cors.ts';
import {
  JSON_TYPE,
  PLAIN_JSON_ANSWER,
  PUBLIC,
  type PublicSearchDeps,
  visitorOf,
} from './public-search-parts.ts';

const calls = publicSearchContracts;

/** A keyword client's public calls: the search, and suggestions as one types (services/keyword-suggestions.ts). */
export function keywordSearchRoutes(instance: FastifyInstance, { state, clock }: PublicSearchDeps): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { liveClients, keyword: runtime, recorder } = state;

  app.get(
    `/${calls.keyword.path}`,
    {
      schema: {
        operationId: calls.keyword.name,
        params: calls.keyword.params,
        querystring: calls.keyword.query,
        tags: ['search'],
        summary: 'Search the pages of a keyword engine',
        description:
          `${PUBLIC} A GET with no custom header, so browsers send it without a preflight. ` +
          'The pages of the published crawl ranked for q in the chosen tab, the pinned results of the ' +
          "engine's result ranking first; every tab with its count; snippets HTML-escaped with the " +
          "query's words in <mark>; URLs rewritten by the engine's rules unless rewrite=false. " +
          'An empty q lists the tabs and no results.',
        security: [],
        response: { 200: calls.keyword.response },
      },
      ...PLAIN_JSON_ANSWER,
    },
    async (request, reply) => {
      const live = await liveKeyword(liveClients, request.params.clientId);
      cors(request, reply, live.settings.origin);
      const at = clock.now();
      const visitor = visitorOf(state, live.client.id, request, at);
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
              source: searchSourceOf(request.headers),
            });
      // The answer's own bytes (see searchKeyword), sent as they are: no serialiser runs. They are
      // the schema's JSON; the type provider only knows the object they encode.
      const body: unknown = answerBody(answer, searchId);
      return reply.type(JSON_TYPE).send(body as KeywordSearchResult);
    },
  );

  app.get(
    `/${calls.suggest.path}`,
    {
      schema: {
        operationId: calls.suggest.name,
        params: calls.suggest.params,
        querystring: calls.suggest.query,
        tags: ['search'],
        summary: 'Popular searches and page titles for what is being typed',
        description:
          `${PUBLIC} For the text typed so far: queries other visitors of this engine searched and ` +
          'found results for (kind `query`, most searched first: searched by at least the engine’s ' +
          'minimum of distinct visitors in the last 30 days, never one that found nothing, never one ' +
          'holding a blocked term), then titles of the pages holding every word typed, the last as a ' +
          'prefix (kind `page`, with its URL, best first). An empty q: the most searched queries only.',
        security: [],
        response: { 200: calls.suggest.response },
      },
    },
    async (request, reply) => {
      const live = await liveKeyword(liveClients, request.params.clientId);
      cors(request, reply, live.settings.origin);
      return suggestFor(state, live, request.query.q, (error, what) =>
        request.log.error({ err: error }, `${what} failed`),
      );
    },
  );
}
