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
  analyticsReport,
  analyticsTargetOfClient,
  analyticsTargetOfEngine,
  endedFrameSessionCookie,
  FRAME_SESSION_SECONDS,
  FramePeriodError,
  frameCsv,
  frameErrorPage,
  framePeriod,
  frameSessionCookie,
  frameTitle,
  frameViewer,
  renderFrame,
  retentionCutoff,
  signFrameSession,
} from '../analytics/index.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Clock } from '../clock.ts';
import { HttpError, InputError, NotFoundError } from '../errors.ts';
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
});

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
  const { frameKey } = deps.state;
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
    return { ...frame, period, keptFrom: keptFrom(), today };
  }

  app.get(
    '/api/analytics/:clientId/:type/:id',
    { schema: { params: FrameParams, querystring: FrameQuery, hide: true } },
    (request, reply) =>
      inFrame(reply, true, async () => {
        const frame = await frameRequest(request, request.params, request.query);
        const page = await renderFrame(store, frame, reply.cspNonce.style);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      }),
  );

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
      inFrame(reply, false, async () => {
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
