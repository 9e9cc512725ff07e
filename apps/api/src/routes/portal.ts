import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler } from '../problem.ts';

/** Where the portal's build lands (`pnpm --filter @siteseer/web build`). */
export const PORTAL_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Paths the server itself answers; everything else under GET is a portal route (including
 * /auth/callback, where the portal finishes sign-in).
 */
const SERVER_PATHS =
  /^\/(api|oidc|search|widget|interaction|healthz|config\.json|auth\/forgot-password|auth\/set-password)(\/|$|\?)/;

/**
 * Serves the portal's static files, and returns the not-found handler that answers its
 * `index.html` for every other GET asking for HTML (the portal's client-side routes: /login,
 * /engine/..., /admin...). Files are looked up at each request (fastify-static's wildcard route),
 * not listed at start: a build made while the server runs (`pnpm build` empties `dist` and writes
 * new hashed assets) is served at once. Without a build, unknown paths stay problem+json 404s.
 */
export async function portalRoutes(
  app: FastifyInstance,
  dist: string = PORTAL_DIST,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: false,
    serve: true,
    suppressWarning: true,
    // A directory ('/', '/assets/') is no file to send (fastify-static would answer 403): it is left
    // to the not-found handler, so '/' is the portal's index like any client-side route.
    allowedPath: (pathname) => !pathname.endsWith('/'),
  });
  return (request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      request.method === 'GET' &&
      wantsHtml &&
      !SERVER_PATHS.test(request.url) &&
      existsSync(join(dist, 'index.html'))
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return notFoundHandler(request, reply);
  };
}
