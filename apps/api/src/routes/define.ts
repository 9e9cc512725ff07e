import type { CallContract, ResponseOf } from '@siteseer/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppState } from '../app-state.ts';
import { authenticate, type Principal } from '../auth/authenticate.ts';
import type { AccessTokenClaims } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Store } from '../store/types.ts';

/** What every route module is registered with. */
export interface RouteDeps {
  store: Store;
  config: Config;
  verifyToken: (token: string) => Promise<AccessTokenClaims>;
  /** The app's state: its changes, live clients, keyword runtime and recorder (see app-state.ts). */
  state: AppState;
}

/** Who called, found by each route's onRequest hook; held no longer than its request. */
const principals = new WeakMap<FastifyRequest, Principal>();

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CallInput<C extends CallContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers the route of one call contract: path, method and schemas come from `@siteseer/core`,
 * so the server validates exactly what the client sends and answers exactly what it expects.
 * Every call is authenticated, first of all (`onRequest`): a caller without valid credentials gets
 * 401 before its body is read, parsed or validated, and so never learns the call's schema from a
 * 400. The handler returns the 200 body, or the reply itself when it answers otherwise (204).
 */
export function serve<C extends CallContract>(
  app: FastifyInstance,
  deps: RouteDeps,
  contract: C,
  handler: (input: CallInput<C>) => Promise<ResponseOf<C> | FastifyReply>,
): void {
  app.route({
    method: contract.method,
    url: `/${contract.path}`,
    schema: {
      operationId: contract.name,
      ...(contract.description ? { description: contract.description } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body && contract.bodyEncoding !== 'multipart' ? { body: contract.body } : {}),
      ...(contract.responseKind === 'binary' ? {} : { response: { 200: contract.response } }),
    },
    onRequest: async (request) => {
      principals.set(
        request,
        await authenticate(request, {
          db: deps.store,
          identity: deps.config.identity,
          verifyToken: deps.verifyToken,
        }),
      );
    },
    handler: async (request, reply) => {
      const principal = principals.get(request);
      if (!principal) throw new Error(`${contract.name} ran without its onRequest authentication`);
      return handler({
        params: request.params as Out<C['params']>,
        query: request.query as Out<C['query']>,
        body: request.body as Out<C['body']>,
        principal,
        request,
        reply,
      });
    },
  });
}
