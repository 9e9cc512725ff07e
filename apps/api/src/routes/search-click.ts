import { publicSearchContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonBodyParser } from '../json-body.ts';
import { liveSearchClient } from '../services/live-search-client.ts';
import { cors } from '../serving/cors.ts';
import { PUBLIC, type PublicSearchDeps, visitorOf } from './public-search-parts.ts';

/** A click beacon's body: a few hundred bytes of JSON. */
const CLICK_BODY_MAX = 4096;

const click = publicSearchContracts.click;

/** Both kinds' result clicks, recorded for analytics. */
export async function clickRoute(
  instance: FastifyInstance,
  { state, clock }: PublicSearchDeps,
): Promise<void> {
  const { liveClients, recorder } = state;
  // navigator.sendBeacon sends its JSON as text/plain (no preflight): read as JSON here only.
  await instance.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: CLICK_BODY_MAX },
      jsonBodyParser,
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      `/${click.path}`,
      {
        bodyLimit: CLICK_BODY_MAX,
        schema: {
          operationId: click.name,
          params: click.params,
          body: click.body,
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
          visitorId: await visitorOf(state, client.id, request, at),
          at,
        });
        return reply.status(204).send();
      },
    );
  });
}
