import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import { type ClientSnippet, clientContracts, type ProductCode } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { NotFoundError } from '../errors.ts';
import { html, raw, toHtmlString } from '../html/html.ts';
import { liveKeyword } from '../keyword/runtime/index.ts';
import { liveEngine } from '../parametric/search.ts';
import { getClient } from '../services/clients.ts';
import { previewRateLimit } from '../serving/public-limits.ts';
import { type RouteDeps, serve } from './define.ts';

/** Where the widget's build lands (`pnpm --filter @siteseer/widget build`). */
export const WIDGET_DIST = fileURLToPath(new URL('../../../../packages/widget/dist/', import.meta.url));
const WIDGET_FILE = 'siteseer-widget.js';
/** The id of the search box a keyword snippet brings (the install page's default input selector). */
const KEYWORD_INPUT_ID = 'siteseer-search-input';

/**
 * The HTML a customer pastes: a script for the page head and the results element for the body;
 * a keyword client's also has the search box, which the script names (`data-siteseer-input`).
 * `nonce`: the CSP nonce of a page of ours that hosts it (the widget passes it on to its styles);
 * `urlRewriting`: a keyword widget applies the engine's URL rewrite rules to result links (off by
 * default, as on the install page).
 */
function snippetFor(
  config: Config,
  clientId: string,
  type: ProductCode,
  options: { nonce?: string; urlRewriting?: boolean } = {},
): ClientSnippet {
  const base = config.publicUrl;
  const nonceAttribute = options.nonce ? html` nonce="${options.nonce}"` : '';
  const inputAttribute = type === 'kw' ? html` data-siteseer-input="#${KEYWORD_INPUT_ID}"` : '';
  const rewritingAttribute =
    type === 'kw' && options.urlRewriting ? html` data-siteseer-url-rewriting="true"` : '';
  const input =
    type === 'kw' ? html`<input type="search" id="${KEYWORD_INPUT_ID}" aria-label="Search">\n` : '';
  return {
    head: toHtmlString(
      html`<script src="${base}/widget/${WIDGET_FILE}" data-siteseer-client="${clientId}" data-siteseer-api="${base}"${inputAttribute}${rewritingAttribute}${nonceAttribute} defer></script>`,
    ),
    body: toHtmlString(html`${input}<div data-siteseer-results></div>`),
  };
}

/** A preview page: the engine's name, a line about what is shown, and the client's snippet. */
function previewPage(title: string, note: string, snippet: ClientSnippet, nonce: string): string {
  // The snippet is our own markup, escaped when built: embedded as is.
  // The page's Content-Security-Policy allows only what carries its nonce (security-headers.ts).
  return toHtmlString(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Preview | Siteseer</title>
${raw(snippet.head)}
<style nonce="${nonce}">body{margin:0;padding:1.5rem;font-family:system-ui,sans-serif}header{margin-bottom:1rem}</style>
</head>
<body>
<header><h1>${title}</h1><p>${note}</p></header>
<main>${raw(snippet.body)}</main>
</body>
</html>`);
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
        return snippetFor(config, client.id, client.type);
      });
    },
    { prefix: '/api' },
  );

  // Opened by the portal in a new tab, so it carries no token: public like the search itself.
  await app.register(rateLimit, { global: false });
  const previewLimit = previewRateLimit();
  app.get(
    '/api/parametric/preview',
    {
      config: { rateLimit: previewLimit },
      schema: {
        querystring: z.object({ clientId: z.string().max(100), engineName: z.string().max(200).optional() }),
        hide: true,
      },
    },
    async (request, reply) => {
      const live = await liveEngine(deps.state.liveClients, request.query.clientId);
      const nonce = reply.cspNonce.script;
      const snippet = snippetFor(config, live.client.id, 'pm', { nonce });
      const title = request.query.engineName || live.engineName;
      const note = `Preview of the published search (version ${live.version}).`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(previewPage(title, note, snippet, nonce));
    },
  );

  // The keyword preview, at the spec's path: the same widget in keyword mode, with its search box.
  app.get(
    '/api/client/:clientId/kw/preview',
    {
      config: { rateLimit: previewLimit },
      schema: {
        params: z.object({ clientId: z.string().max(100) }),
        querystring: z.object({ engineName: z.string().max(200).optional() }),
        hide: true,
      },
    },
    async (request, reply) => {
      const live = await liveKeyword(deps.state.liveClients, request.params.clientId);
      const nonce = reply.cspNonce.script;
      // The preview shows what the engine's settings do, its rewrite rules included: without them
      // an owner who just added a rule would see the crawled URLs and think it did nothing.
      const rewrites = live.settings.urlRewriteRules.length > 0;
      const snippet = snippetFor(config, live.client.id, 'kw', { nonce, urlRewriting: rewrites });
      const title = request.query.engineName || live.engineName;
      const note = `Preview of the published search: type in the box to search the crawled pages.${
        rewrites
          ? ' Result links follow the URL rewrite rules (the install snippet’s URL rewriting option).'
          : ''
      }`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(previewPage(title, note, snippet, nonce));
    },
  );
}
