import type { FastifyRequest } from 'fastify';
import type { AppState } from '../app-state.ts';
import type { Clock } from '../clock.ts';

/** What the public search routes are registered with. */
export interface PublicSearchDeps {
  state: AppState;
  clock: Clock;
}

/** What the OpenAPI document says of every public search call. */
export const PUBLIC =
  "Public: no token; CORS limited to the client's origin setting; rate-limited per address.";

/** The media type of the answers sent as bytes. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The search answers are written by JSON.stringify instead of the app's serializer, which checks an
 * answer against its schema on the way out (zod, stripping keys the schema lacks): for a parametric
 * page of 20 rows and its facets that check took ~43 µs, about a sixth of the search. The answer is
 * built field by field (no stored record is passed through), and tests hold it to its schema with
 * nothing extra (parametric.integration); the schema still documents the answer in the OpenAPI
 * document. The keyword answer is sent as the bytes its cache keeps (`answerBody`), held to its
 * schema the same way (keyword-runtime.integration).
 */
export const PLAIN_JSON_ANSWER = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * The visitor's daily pseudonym (never the address), from what the request says of it; not worked
 * out (empty) when nothing is recorded, so recording off costs a search nothing of recording's.
 */
export function visitorOf(
  state: AppState,
  clientId: string,
  request: FastifyRequest,
  at: Date,
): string | Promise<string> {
  if (!state.recorder.recording) return '';
  return state.visitorIds.of(
    { clientId, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
    at,
  );
}
