import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  ANALYTICS_FRAME_TYPES,
  type AnalyticsFrameType,
  type AnalyticsPeriod,
  analyticsContracts,
  analyticsReportIds,
  resolveAnalyticsPeriod,
  utcDay,
} from '@siteseer/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalyticsReader,
  analyticsReport,
  analyticsTargetOfClient,
  analyticsTargetOfEngine,
  endedFrameSessionCookie,
  FONT_PATH,
  FONT_WEIGHTS,
  FRAME_SESSION_SECONDS,
  type FrameLook,
  FramePeriodError,
  fontFile,
  frameCsv,
  frameErrorPage,
  framePeriod,
  framePrincipal,
  frameSessionCookie,
  frameTitle,
  frameViewer,
  HEADLINE_TITLE,
  renderFrame,
  renderHeadline,
  retentionCutoff,
  signFrameSession,
} from '../analytics/index.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Clock } from '../clock.ts';
import { HttpError, InputError, NotAllowedError, NotFoundError } from '../errors.ts';
import { keywordCorrections, liveKeyword } from '../keyword/runtime/index.ts';
import type { AnalyticsTarget } from '../repositories/analytics-targets.ts';
import { addSynonymRule } from '../services/synonyms.ts';
import { type RouteDeps, serve } from './define.ts';

const FrameParams = z.object({
  clientId: z.string().max(100),
  type: z.string().max(20),
  id: z.string().max(100),
});
const FrameQuery = z.object({
  period: z.string().max(20).optional(),
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
  /** The portal's scheme, `light` or `dark`; anything else: prefers-color-scheme. */
  scheme: z.string().max(10).optional(),
  /** `1`: the portal's page chooses the period for every frame; the frame shows no chooser. */
  embedded: z.string().max(10).optional(),
  /** The synonym rule "Add as synonym" just added (query ⇒ correction): the frame confirms it. */
  added: z.string().max(1000).optional(),
  correction: z.string().max(1000).optional(),
});

/** The form of "Add as synonym": a query with no results and the engine's correction of it. */
const SynonymForm = z.object({ query: z.string().min(1).max(1000), correction: z.string().min(1).max(1000) });

/** How the portal shows the frame, from its query; unknown values read as not given. */
function lookOf(query: z.infer<typeof FrameQuery>): FrameLook {
  const scheme = query.scheme === 'light' || query.scheme === 'dark' ? query.scheme : undefined;
  return { scheme, embedded: query.embedded === '1' };
}

/** The Roboto files the frames' style sheet names, read once from @fontsource/roboto. */
const FONT_FILES = new Map(FONT_WEIGHTS.map((weight) => [fontFile(weight), weight]));
const fontDir = join(dirname(createRequire(import.meta.url).resolve('@fontsource/roboto/LICENSE')), 'files');
const fonts = new Map<string, Promise<Buffer>>();

/** The period asked for, or a 400 naming the problem. */
function periodOf(query: z.infer<typeof FrameQuery>, clock: Clock): AnalyticsPeriod {
  const resolved = resolveAnalyticsPeriod(query, utcDay(clock.now()));
  if (!resolved.ok) throw new InputError(resolved.error);
  return resolved.value;
}

function frameType(type: string): AnalyticsFrameType {
  if (!(ANALYTICS_FRAME_TYPES as readonly string[]).includes(type))
    throw new NotFoundError('Analytics report');
  return type as AnalyticsFrameType;
}

/**
 * Analytics: the report ids and the JSON report (bearer or API key), the frame session (bearer:
 * started, and ended on logout), and the frames with their CSV downloads (the frame-session
 * cookie, ADR 0024), all under /api/analytics.
 */
export async function analyticsRoutes(
  instance: FastifyInstance,
  deps: RouteDeps & { clock: Clock },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { store, config, clock } = deps;
  const { frameKey, liveClients, keyword } = deps.state;
  /** The first day retention keeps: reports never read past it. */
  const keptFrom = () => retentionCutoff(clock.now(), config.analyticsRetentionMonths);

  await app.register(
    async (api) => {
      serve(api, deps, analyticsContracts.ids, async ({ principal, params }) => {
        const target = await analyticsTargetOfEngine(store, principal, params.engineId);
        return analyticsReportIds(target.engineType);
      });
      serve(api, deps, analyticsContracts.report, async ({ principal, params, query }) => {
        const target = await analyticsTargetOfEngine(store, principal, params.engineId);
        if (!target.clientId) throw new NotFoundError('Client');
        return analyticsReport(
          store,
          { ...target, clientId: target.clientId },
          query.report,
          periodOf(query, clock),
          query.limit,
          keptFrom(),
          query.include === 'cli',
        );
      });
      serve(api, deps, analyticsContracts.frameSession, async ({ principal, reply }) => {
        const { user, viewer } = requireUser(principal);
        const expiresAt = Math.floor(clock.now().getTime() / 1000) + FRAME_SESSION_SECONDS;
        const token = signFrameSession(frameKey, {
          userId: user.id,
          superAdmin: viewer.isSuperAdmin,
          expiresAt,
        });
        reply.header(
          'set-cookie',
          frameSessionCookie(token, FRAME_SESSION_SECONDS, config.publicUrl.startsWith('https:')),
        );
        return { expiresAt: new Date(expiresAt * 1000).toISOString() };
      });
      // Logout: any signed-in caller may clear its own browser's cookie; it grants nothing.
      serve(api, deps, analyticsContracts.endFrameSession, async ({ reply }) => {
        reply.header('set-cookie', endedFrameSessionCookie(config.publicUrl.startsWith('https:')));
        return null;
      });
    },
    { prefix: '/api' },
  );

  /**
   * Runs a frame request; a refusal is shown in the frame as a page (a frame shows HTML, not JSON).
   * A bad period keeps the report's title and, on the report's page (`chooser`), the period chooser.
   */
  async function inFrame(
    reply: FastifyReply,
    chooser: boolean,
    look: FrameLook,
    answer: () => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    try {
      return await answer();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const period = error instanceof FramePeriodError && chooser ? error.chooser : undefined;
      const title = error instanceof FramePeriodError ? error.reportTitle : 'Analytics';
      return reply
        .status(error.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          frameErrorPage({
            title,
            message: error.message,
            nonce: reply.cspNonce.style,
            period,
            today: utcDay(clock.now()),
            look,
          }),
        );
    }
  }

  /** Who asks, for which client's report and period: every frame request checks all of it. */
  async function frameRequest(
    request: FastifyRequest,
    params: z.infer<typeof FrameParams>,
    query: z.infer<typeof FrameQuery>,
  ) {
    const viewer = await frameViewer(store, frameKey, request, clock.now());
    const type = frameType(params.type);
    const { target, abilities } = await analyticsTargetOfClient(store, viewer, params.clientId);
    const frame = { target, abilities, type, id: params.id };
    const today = utcDay(clock.now());
    const period = framePeriod(query, today, frameTitle(frame));
    const added =
      query.added && query.correction ? { query: query.added, correction: query.correction } : undefined;
    return {
      ...frame,
      period,
      keptFrom: keptFrom(),
      today,
      look: lookOf(query),
      corrections: (queries: readonly string[]) => correctionsOf(target, queries),
      added,
    };
  }

  /** The corrections a keyword engine's live search offers now; none before anything is published. */
  async function correctionsOf(target: AnalyticsTarget & { clientId: string }, queries: readonly string[]) {
    if (target.engineType !== 'kw' || queries.length === 0) return new Map<string, string>();
    let live: Awaited<ReturnType<typeof liveKeyword>>;
    try {
      live = await liveKeyword(liveClients, target.clientId);
    } catch (error) {
      if (error instanceof NotFoundError) return new Map<string, string>();
      throw error;
    }
    return keywordCorrections(keyword, live, queries);
  }

  // The frames' type: public files of an open-source font, the same for everyone (no account data).
  app.get(
    `${FONT_PATH}/:file`,
    { schema: { params: z.object({ file: z.string().max(100) }), hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!FONT_FILES.has(file)) throw new NotFoundError('Font');
      let bytes = fonts.get(file);
      if (!bytes) {
        bytes = readFile(join(fontDir, file));
        fonts.set(file, bytes);
      }
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await bytes);
    },
  );

  app.get(
    '/api/analytics/:clientId/:type/:id',
    { schema: { params: FrameParams, querystring: FrameQuery, hide: true } },
    (request, reply) =>
      inFrame(reply, true, lookOf(request.query), async () => {
        const frame = await frameRequest(request, request.params, request.query);
        const page = await renderFrame(store, frame, reply.cspNonce.style);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      }),
  );

  // The portal's headline strip: the period its page chose, for one client the viewer may see.
  app.get(
    '/api/analytics/:clientId/headline',
    { schema: { params: FrameParams.pick({ clientId: true }), querystring: FrameQuery, hide: true } },
    (request, reply) =>
      inFrame(reply, false, lookOf(request.query), async () => {
        const viewer = await frameViewer(store, frameKey, request, clock.now());
        const { target } = await analyticsTargetOfClient(store, viewer, request.params.clientId);
        const period = framePeriod(request.query, utcDay(clock.now()), HEADLINE_TITLE);
        const page = await renderHeadline({
          reader: new AnalyticsReader(store, target, period, keptFrom()),
          engineName: target.engineName,
          period,
          nonce: reply.cspNonce.style,
          look: lookOf(request.query),
        });
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      }),
  );

  // "Add as synonym": a form of the frame posts here (no script runs in a frame). The frame-session
  // cookie is SameSite=Strict, so another site's form arrives without it and is refused (401).
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    forms
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/analytics/:clientId/:type/:id/synonyms',
        { schema: { params: FrameParams, querystring: FrameQuery, body: SynonymForm, hide: true } },
        (request, reply) =>
          inFrame(reply, false, lookOf(request.query), async () => {
            const { clientId, type, id } = request.params;
            const principal = await framePrincipal(store, frameKey, request, clock.now());
            const { target, abilities } = await analyticsTargetOfClient(store, principal.viewer, clientId);
            frameTitle({ target, type: frameType(type), id });
            if (!abilities.editKeyword?.synonyms)
              throw new NotAllowedError('Your role cannot edit the synonyms of this search engine.');
            const { query, correction } = request.body;
            await addSynonymRule(store, deps.state.changes, principal, target, {
              from: query,
              to: correction,
            });
            const { added: _added, correction: _correction, ...period } = request.query;
            const back = new URLSearchParams({ ...period, added: query, correction });
            return reply
              .status(303)
              .header(
                'location',
                `/api/analytics/${encodeURIComponent(clientId)}/${type}/${encodeURIComponent(id)}?${back}`,
              )
              .send();
          }),
      );
  });

  app.get(
    '/api/analytics/:clientId/:type/:id/csv/:table',
    {
      schema: {
        params: FrameParams.extend({ table: z.string().max(100) }),
        querystring: FrameQuery,
        hide: true,
      },
    },
    (request, reply) =>
      inFrame(reply, false, lookOf(request.query), async () => {
        const frame = await frameRequest(request, request.params, request.query);
        const { csv, fileName } = await frameCsv(store, frame, request.params.table);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      }),
  );
}
