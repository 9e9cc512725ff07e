import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type ClientSnippet, clientContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { NotFoundError } from '../errors.ts';
import { html, raw, toHtmlString } from '../html/html.ts';
import { liveEngine } from '../parametric/search.ts';
import { getClient } from '../services/clients.ts';
import { type RouteDeps, serve } from './define.ts';

/** Where the widget's build lands (`pnpm --filter @siteseer/widget build`). */
export const WIDGET_DIST = fileURLToPath(new URL('../../../../packages/widget/dist/', import.meta.url));
const WIDGET_FILE = 'siteseer-widget.js';

/** The HTML a customer pastes: a script for the page head and the results element for the body. */
export function snippetFor(config: Config, clientId: string): ClientSnippet {
  const base = config.publicUrl;
  return {
    head: toHtmlString(
      html`<script src="${base}/widget/${WIDGET_FILE}" data-siteseer-client="${clientId}" data-siteseer-api="${base}" defer></script>`,
    ),
    body: toHtmlString(html`<div data-siteseer-results></div>`),
  };
}

/** The widget bundle, the install snippet call, and the preview page that hosts the same snippet. */
export async function widgetRoutes(instance: FastifyInstance, deps: RouteDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { store, config } = deps;

  app.get(
    '/widget/:file',
    { schema: { params: z.object({ file: z.string() }), hide: true } },
    async (request, reply) => {
      const name = request.params.file;
      if (!/^siteseer-widget\.(js|css)$/.test(name)) throw new NotFoundError('File');
      const path = `${WIDGET_DIST}${name}`;
      if (!existsSync(path)) throw new NotFoundError('The widget is not built (run pnpm build); file');
      return reply
        .header(
          'content-type',
          name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
        )
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .send(await readFile(path));
    },
  );

  await app.register(
    async (api) => {
      serve(api, deps, clientContracts.snippet, async ({ principal, params }) => {
        const client = await getClient(store, principal, params.id);
        if (client.type !== params.engineType) throw new NotFoundError('Client');
        return snippetFor(config, client.id);
      });
    },
    { prefix: '/api' },
  );

  // Opened by the portal in a new tab, so it carries no token: public like the search itself.
  app.get(
    '/api/parametric/preview',
    {
      schema: {
        querystring: z.object({ clientId: z.string().max(100), engineName: z.string().max(200).optional() }),
        hide: true,
      },
    },
    async (request, reply) => {
      const live = await liveEngine(store, request.query.clientId);
      // The snippet is our own markup, escaped when built: embedded as is.
      const snippet = snippetFor(config, live.client.id);
      const title = request.query.engineName || live.engineName;
      const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Preview | Siteseer</title>
${raw(snippet.head)}
<style>body{margin:0;padding:1.5rem;font-family:system-ui,sans-serif}header{margin-bottom:1rem}</style>
</head>
<body>
<header><h1>${title}</h1><p>Preview of the published search (version ${live.version}).</p></header>
<main>${raw(snippet.body)}</main>
</body>
</html>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(toHtmlString(page));
    },
  );
}
