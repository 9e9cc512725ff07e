import { z } from 'zod';
import { Id } from './common.ts';

/** Longest URL an inspection takes: the crawler queues none longer (its URL_MAX_CHARS). */
const INSPECT_URL_MAX = 2048;

/** Inspections an account may start in a minute: each one makes the server fetch a site now. */
export const INSPECTIONS_PER_MINUTE = 20;
/** Inspections of one account running at once. */
export const INSPECTIONS_AT_ONCE = 2;

/** How many characters of the page's text an inspection shows (`excerpt`). */
export const INSPECT_EXCERPT_CHARS = 300;

/** Body of `POST datasource/crawler/inspect`: the URL to fetch now, as the engine's crawler would. */
export const InspectUrlBody = z.object({
  accountId: Id,
  engineId: Id,
  url: z.string().trim().min(1).max(INSPECT_URL_MAX),
});
export type InspectUrlBody = z.infer<typeof InspectUrlBody>;

/** One redirect the fetch followed: `url` answered `status`, pointing at `location`. */
export const InspectedRedirect = z.object({
  url: z.string(),
  status: z.number().int(),
  location: z.string(),
});
export type InspectedRedirect = z.infer<typeof InspectedRedirect>;

/**
 * Whether the URL is in the crawl's scope: the start site it is on (null: none), and the URL
 * filter that decided (the include filter matched, or the exclude filter that left it out).
 */
export const InspectedScope = z.object({
  inScope: z.boolean(),
  site: z.string().nullable(),
  filter: z.string().nullable(),
});
export type InspectedScope = z.infer<typeof InspectedScope>;

/**
 * What robots.txt says of the URL: `rule` is the line that decides, as written (null: no rule
 * matches, or the file is missing or unreachable), `line` its number from 1; `url` the robots.txt
 * read, `state` whether it was read (`parsed`), missing (`absent`: all allowed) or `unreachable`
 * (nothing allowed).
 */
export const InspectedRobots = z.object({
  allowed: z.boolean(),
  rule: z.string().nullable(),
  line: z.number().int().nullable(),
  url: z.string(),
  state: z.enum(['parsed', 'absent', 'unreachable']),
});
export type InspectedRobots = z.infer<typeof InspectedRobots>;

/** Where the page is in the published crawl, and where search ranks it for its own title. */
export const InspectedPublication = z.object({
  /** The URL the published crawl holds the page under (its canonical URL, or where it redirects). */
  url: z.string(),
  /** When the version of the page that search holds was fetched (ISO 8601). */
  since: z.string(),
  /** The page's title, searched as a query through the engine's live search. */
  query: z.string(),
  /** The page's position among that query's results (1 = first); null when not in the first 100. */
  position: z.number().int().min(1).nullable(),
});
export type InspectedPublication = z.infer<typeof InspectedPublication>;

/**
 * How the page's HTML was read, as the crawl reads it (ADR 0046): `off`, as fetched (the engine
 * does not render JavaScript); `rendered`, after its scripts ran in Chromium; `timeout` or `failed`,
 * the browser did not load it, so it was not read (the crawl records the URL Timeout or Failed);
 * `unavailable`, this server has no Chromium, so it was read as fetched.
 */
export const InspectedRendering = z.enum(['off', 'rendered', 'timeout', 'failed', 'unavailable']);
export type InspectedRendering = z.infer<typeof InspectedRendering>;

/**
 * Answer of the inspect call: each step the crawler takes with the URL, and what came of it.
 * `reasons` says in plain sentences why the page would not be indexed (empty when it would be);
 * `notes` says what else matters (a redirect followed, a canonical URL, an empty content target).
 * Fields of steps not reached (nothing fetched: out of scope, disallowed) are null.
 */
export const UrlInspection = z.object({
  url: z.string(),
  checkedAt: z.string(),
  indexable: z.boolean(),
  inPublishedCrawl: z.boolean(),
  reasons: z.array(z.string()),
  notes: z.array(z.string()),
  scope: InspectedScope,
  robots: InspectedRobots.nullable(),
  /** Whether the URL was fetched (it is in scope and robots.txt allows it). */
  fetched: z.boolean(),
  /** Why the fetch brought no answer (a refused address, a timeout...), else null. */
  fetchError: z.string().nullable(),
  status: z.number().int().nullable(),
  contentType: z.string().nullable(),
  redirects: z.array(InspectedRedirect),
  /** The URL that answered, after redirects. */
  finalUrl: z.string().nullable(),
  /** How the HTML page was read (see InspectedRendering); null when no HTML page was read. */
  rendering: InspectedRendering.nullable(),
  canonical: z.string().nullable(),
  noindex: z.boolean().nullable(),
  /** Where the noindex came from: the page's robots meta tag or its X-Robots-Tag header. */
  noindexSource: z.enum(['meta', 'header']).nullable(),
  nofollow: z.boolean().nullable(),
  /** The content target in effect ('' for the whole page), and the exclude targets. */
  contentTarget: z.string(),
  excludeTargets: z.array(z.string()),
  title: z.string().nullable(),
  /** The first INSPECT_EXCERPT_CHARS characters of the text search would hold. */
  excerpt: z.string().nullable(),
  wordCount: z.number().int().min(0).nullable(),
  contentHash: z.string().nullable(),
  /** The URL of another page of the published crawl with the same content, else null. */
  duplicateOf: z.string().nullable(),
  publication: InspectedPublication.nullable(),
});
export type UrlInspection = z.infer<typeof UrlInspection>;
