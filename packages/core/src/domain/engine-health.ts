import { z } from 'zod';
import { Timestamp } from './common.ts';

/**
 * What a dashboard card says about an engine, in priority order: a crawl running, a finished crawl
 * held back by the 10 % guard, a crawl that fetched nothing, something published, nothing yet.
 */
export const EngineHealthState = z.enum(['crawling', 'held', 'failed', 'live', 'never-published']);
export type EngineHealthState = z.infer<typeof EngineHealthState>;

/**
 * An engine's health, sent with the engines list so the dashboard needs no call per card:
 * what search answers from, the crawl in progress or held, and the searches of the last 7 days.
 */
export const EngineHealth = z.object({
  state: EngineHealthState,
  /** Pages (keyword) or rows (parametric) search answers from; null while nothing is published. */
  liveCount: z.number().int().nonnegative().nullable(),
  /** When the live data was published (parametric) or its crawl finished (keyword); null if unknown. */
  liveAt: Timestamp.nullable(),
  /** The latest crawl's end, finished or failed; null while it runs or for parametric engines. */
  lastCrawledAt: Timestamp.nullable(),
  /** While crawling: URLs fetched (with any outcome) and URLs known so far. */
  crawl: z
    .object({ fetched: z.number().int().nonnegative(), known: z.number().int().nonnegative() })
    .nullable(),
  /** The held crawl's pages (state `held`). */
  heldPages: z.number().int().nonnegative().nullable(),
  /** Why the latest crawl failed (state `failed`). */
  failureReason: z.string().nullable(),
  /** Searches of the engine's client over the last 7 UTC days, today included. */
  searchesLast7Days: z.number().int().nonnegative(),
});
export type EngineHealth = z.infer<typeof EngineHealth>;
