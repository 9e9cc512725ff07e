import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError, TooManyRequestsError } from '../errors.ts';

/** Requests a minute: per client and address, and per address across all clients. */
export interface PublicLimits {
  perMinute: number;
  perAddressPerMinute: number;
}

/**
 * The rate limits of the public search calls (the preview pages': previewRateLimit), registered
 * on their (encapsulated) instance: per address across all clients first (rotating made-up client
 * ids would otherwise each get a budget of their own), then per client and address. Also makes the
 * refusals that say nothing of an engine readable by any page (see below).
 */
export async function publicSearchLimits(
  app: FastifyInstance,
  { perMinute, perAddressPerMinute }: PublicLimits,
): Promise<void> {
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
}

/** Preview pages per minute per address. */
export const PREVIEW_PER_MINUTE = 60;

/**
 * The route limit of the preview pages (a route's `config.rateLimit`, under @fastify/rate-limit
 * registered with `global: false`): per address, like the search itself; a person opens one now
 * and then, and each opening reads the engine.
 */
export function previewRateLimit() {
  return {
    max: PREVIEW_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new TooManyRequestsError(
        `Too many preview requests from this address: at most ${PREVIEW_PER_MINUTE} a minute. Try again in ${seconds} s.`,
        seconds,
      );
    },
  };
}
