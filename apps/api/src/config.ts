import { availableParallelism, totalmem } from 'node:os';
import { z } from 'zod';
import { type AllowEntry, AllowListError, parseAllowList } from './crawler/fetch/address-policy.ts';
import { CRAWL_LIMIT_DEFAULTS, type CrawlLimits } from './crawler/loop/crawl-limits.ts';
import { type ChromiumFound, findChromium, RENDER_DEFAULTS } from './crawler/render/chromium.ts';
import { parseSecretsKey } from './secrets/index.ts';

/**
 * Every environment variable the API reads, in one place. Read once at start, validated, and passed
 * down explicitly.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to listen on. */
  HOST: z.string().default('127.0.0.1'),
  /** The origin users reach the server at (scheme://host:port), used for the issuer and links. */
  SITESEER_PUBLIC_URL: z.url().optional(),
  /** Embedded PGlite data directory (ignored when DATABASE_URL is set). */
  SITESEER_DATA_DIR: z.string().default('./.data'),
  /** A PostgreSQL server instead of embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL schema to use on that server (default: the server's search_path). */
  SITESEER_DB_SCHEMA: z.string().optional(),
  /** An external OpenID Connect issuer instead of the embedded one. */
  SITESEER_OIDC_ISSUER: z.url().optional(),
  SITESEER_OIDC_PORTAL_CLIENT_ID: z.string().default('siteseer-portal'),
  SITESEER_OIDC_CLI_CLIENT_ID: z.string().default('siteseer-cli'),
  /** Audience of access tokens for the API; defaults to `<public url>/api`. */
  SITESEER_OIDC_AUDIENCE: z.string().optional(),
  /** Members of this group (the `groups` claim) are super admins. */
  SITESEER_ADMIN_GROUP: z.string().default('siteseer-admins'),
  /** The provider's forgot-password page; defaults to the embedded provider's. */
  SITESEER_FORGOT_PASSWORD_URL: z.url().optional(),
  /** The user menu's link to virtual training (spec: an external page); no link when unset. */
  SITESEER_TRAINING_URL: z.url().optional(),
  /** The user menu's link to a knowledge base; defaults to the portal's own documentation. */
  SITESEER_KNOWLEDGE_BASE_URL: z.url().optional(),
  /** Public search requests allowed per minute per client and visitor address. */
  SITESEER_SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Public search requests allowed per minute per visitor address, whatever the client id. */
  SITESEER_SEARCH_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  /** `off`: searches and clicks are not recorded (no analytics); the bench measures recording's cost with it. */
  SITESEER_SEARCH_RECORDING: z.enum(['on', 'off']).default('on'),
  /**
   * Memory every in-memory search index of the process may take, in MB (both engine kinds share it:
   * the least recently searched index goes first past it). Default: see defaultIndexMemoryBytes.
   */
  SITESEER_SEARCH_INDEX_MEMORY_MB: z.coerce.number().int().min(16).optional(),
  /**
   * Threads that search keyword indexes beside the event loop (0: searched on the event loop).
   * Default: one less than the machine's cores (0 on one core): the event loop keeps a core for HTTP.
   */
  SITESEER_SEARCH_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * The embedded database's buffer pool (PostgreSQL's shared_buffers), in MB. Default: a quarter of
   * the database's files at start, 16 to 128 MB (store/pglite-memory.ts).
   */
  SITESEER_PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).optional(),
  /**
   * How often a keyword client's popular queries (its query suggestions) are read again from the
   * recorded searches while it is searched, in seconds. 0: at every suggestion (tests).
   */
  SITESEER_SUGGESTIONS_REFRESH_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Months of search and click records (and their analytics) kept; older ones are deleted. */
  SITESEER_ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  /** Hosts, addresses or CIDRs the crawler may reach although private or loopback (comma-separated). */
  SITESEER_CRAWL_ALLOW_PRIVATE: z.string().default(''),
  /**
   * The AES-256 key site sign-ins are sealed with (32 bytes, base64 or hex). Without it the
   * embedded store's server keeps one in its data directory; with DATABASE_URL sign-ins cannot be saved.
   */
  SITESEER_SECRETS_KEY: z.string().optional(),
  /** `off`: this API process runs no crawl loop (crawl workers on the same database do the crawling). */
  SITESEER_CRAWL_WORKER: z.enum(['on', 'off']).default('on'),
  /** Known URLs of one engine's crawl, at most (links found beyond it are not queued). */
  SITESEER_CRAWL_MAX_URLS: z.coerce.number().int().min(1).default(CRAWL_LIMIT_DEFAULTS.maxUrls),
  /** URLs fetched in one crawl run, at most. */
  SITESEER_CRAWL_MAX_PAGES: z.coerce.number().int().min(1).default(CRAWL_LIMIT_DEFAULTS.maxPages),
  /** URLs of one path that differ only by their query string, at most. */
  SITESEER_CRAWL_MAX_QUERY_VARIANTS: z.coerce
    .number()
    .int()
    .min(1)
    .default(CRAWL_LIMIT_DEFAULTS.maxQueryVariants),
  /** Hops from a start URL beyond which links are not followed. */
  SITESEER_CRAWL_MAX_DEPTH: z.coerce.number().int().min(0).default(CRAWL_LIMIT_DEFAULTS.maxDepth),
  /**
   * The Chromium that renders pages for engines that render JavaScript; by default `chromium` on
   * PATH. Rendering is off (and the setting refused) when there is none.
   */
  SITESEER_CHROMIUM_PATH: z.string().min(1).optional(),
  /** Pages one process renders at once, at most (each is a Chromium tab: about 100 MB). */
  SITESEER_RENDER_PAGES: z.coerce.number().int().min(1).max(16).default(RENDER_DEFAULTS.pages),
  /** How long one page may take to render before it is recorded as timed out, in seconds. */
  SITESEER_RENDER_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(120)
    .default(RENDER_DEFAULTS.timeoutMs / 1000),
  /**
   * The SMTP server invitations and engine alerts are e-mailed through (`smtp://user:pass@host:587`, or `smtps://` for
   * TLS from the start). Unset: no e-mail is sent; the portal shows each invitation's link to copy.
   */
  SITESEER_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'use smtp://… or smtps://…' }).optional(),
  /** The From of those e-mails; defaults to `Siteseer <no-reply@<public URL's host>>`. */
  SITESEER_SMTP_FROM: z.string().min(3).optional(),
  /**
   * The waits between the attempts of an engine alert's delivery, in seconds (comma-separated): one
   * attempt more than waits. Default: 1, 5, 15 and 40 minutes, five attempts over about an hour.
   */
  SITESEER_ALERT_RETRY_SECONDS: z
    .string()
    .default('60,300,900,2400')
    .transform((text) => text.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().positive().max(86_400)).max(10)),
  SITESEER_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** null: PGlite in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | undefined;
  dbSchema: string | undefined;
  /** PGlite's buffer pool in MB (SITESEER_PGLITE_SHARED_BUFFERS_MB); undefined: sized from the data. */
  pgliteSharedBuffersMb: number | undefined;
  logLevel: z.infer<typeof Env>['SITESEER_LOG_LEVEL'];
  searchRateLimitPerMinute: number;
  searchAddressRateLimitPerMinute: number;
  /** Whether public searches and clicks are recorded for analytics. */
  searchRecording: boolean;
  /** Memory all search indexes of the process may take (SITESEER_SEARCH_INDEX_MEMORY_MB). */
  searchIndexMemoryBytes: number;
  /** Threads searching keyword indexes beside the event loop (SITESEER_SEARCH_THREADS). */
  searchThreads: number;
  /** Months of search records and analytics kept (ADR 0023). */
  analyticsRetentionMonths: number;
  /** How long popular queries answer before they are read again (SITESEER_SUGGESTIONS_REFRESH_SECONDS). */
  suggestionsRefreshMs: number;
  /** What the crawler may reach beyond public addresses (empty: nothing). */
  crawlAllowPrivate: AllowEntry[];
  /** The key site sign-ins are sealed with (SITESEER_SECRETS_KEY); see secretsKeyFor. */
  secretsKey: Buffer | undefined;
  /** Whether the API process runs the crawl loop itself (the default). */
  crawlInProcess: boolean;
  /** How far one crawl may go (ADR 0036). */
  crawlLimits: CrawlLimits;
  /** How the crawler renders JavaScript: the Chromium found at start (or why none), the pool's size, the timeout. */
  rendering: RenderingConfig;
  /** The waits between an alert delivery's attempts (SITESEER_ALERT_RETRY_SECONDS). */
  alertRetryDelaysMs: number[];
  /** Where invitations are e-mailed through; undefined: they are only shown in the portal. */
  smtp: { url: string; from: string } | undefined;
  /** The user menu's links (portal runtime configuration). */
  trainingUrl: string | undefined;
  knowledgeBaseUrl: string;
  identity: {
    /** True when the embedded provider issues tokens (no external issuer configured). */
    embedded: boolean;
    issuer: string;
    audience: string;
    portalClientId: string;
    cliClientId: string;
    adminGroup: string;
    forgotPasswordUrl: string;
  };
}

/** The crawler's rendering of JavaScript (ADR 0046). */
interface RenderingConfig {
  chromium: ChromiumFound;
  /** Pages rendered at once by one process, at most. */
  pages: number;
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const MB = 1024 * 1024;

/**
 * The search indexes' memory when SITESEER_SEARCH_INDEX_MEMORY_MB is not set: a quarter of the
 * machine's memory, or of the container's limit when it has one, so the process keeps room for
 * requests, the crawler and the store (PGlite runs in this process). At least 256 MB (what one
 * large spreadsheet's index takes, the parametric budget before there was one for both kinds);
 * at most 2 GB, half of V8's default heap limit, which parametric indexes live in. A 4 GB machine
 * gets 1 GB, what the two budgets of before (256 MB parametric, 768 MB keyword) summed to.
 */
export function defaultIndexMemoryBytes(): number {
  const constrained = process.constrainedMemory();
  const machine = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
  return Math.min(Math.max(Math.floor(machine / 4), 256 * MB), 2048 * MB);
}

/** Reads the configuration from environment variables (plus overrides, for tests). */
export function loadConfig(env: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.SITESEER_PUBLIC_URL ?? `http://localhost:${port}`).replace(
    /\/$/,
    '',
  );
  const embedded = !e.SITESEER_OIDC_ISSUER;
  const crawlAllowPrivate = parseCrawlAllowList(e.SITESEER_CRAWL_ALLOW_PRIVATE);
  const issuer = e.SITESEER_OIDC_ISSUER ?? `${publicUrl}/oidc`;
  return {
    port,
    host: e.HOST,
    publicUrl,
    dataDir: e.SITESEER_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    dbSchema: e.SITESEER_DB_SCHEMA,
    pgliteSharedBuffersMb: e.SITESEER_PGLITE_SHARED_BUFFERS_MB,
    logLevel: e.SITESEER_LOG_LEVEL,
    searchRateLimitPerMinute: e.SITESEER_SEARCH_RATE_LIMIT,
    searchAddressRateLimitPerMinute: e.SITESEER_SEARCH_IP_RATE_LIMIT,
    searchRecording: e.SITESEER_SEARCH_RECORDING === 'on',
    searchIndexMemoryBytes:
      e.SITESEER_SEARCH_INDEX_MEMORY_MB === undefined
        ? defaultIndexMemoryBytes()
        : e.SITESEER_SEARCH_INDEX_MEMORY_MB * MB,
    searchThreads: e.SITESEER_SEARCH_THREADS ?? availableParallelism() - 1,
    analyticsRetentionMonths: e.SITESEER_ANALYTICS_RETENTION_MONTHS,
    suggestionsRefreshMs: e.SITESEER_SUGGESTIONS_REFRESH_SECONDS * 1000,
    crawlAllowPrivate,
    secretsKey: configuredSecretsKey(e.SITESEER_SECRETS_KEY),
    crawlInProcess: e.SITESEER_CRAWL_WORKER === 'on',
    crawlLimits: {
      maxUrls: e.SITESEER_CRAWL_MAX_URLS,
      maxPages: e.SITESEER_CRAWL_MAX_PAGES,
      maxQueryVariants: e.SITESEER_CRAWL_MAX_QUERY_VARIANTS,
      maxDepth: e.SITESEER_CRAWL_MAX_DEPTH,
    },
    rendering: {
      // Tests pass only the settings they change: the process's PATH is where chromium is then.
      chromium: findChromium(e.SITESEER_CHROMIUM_PATH, env.PATH ?? process.env.PATH ?? ''),
      pages: e.SITESEER_RENDER_PAGES,
      timeoutMs: e.SITESEER_RENDER_TIMEOUT_SECONDS * 1000,
    },
    alertRetryDelaysMs: e.SITESEER_ALERT_RETRY_SECONDS.map((seconds) => seconds * 1000),
    smtp: e.SITESEER_SMTP_URL
      ? {
          url: e.SITESEER_SMTP_URL,
          from: e.SITESEER_SMTP_FROM ?? `Siteseer <no-reply@${new URL(publicUrl).hostname}>`,
        }
      : undefined,
    trainingUrl: e.SITESEER_TRAINING_URL,
    knowledgeBaseUrl: e.SITESEER_KNOWLEDGE_BASE_URL ?? `${publicUrl}/documentation`,
    ...overrides,
    identity: {
      embedded,
      issuer,
      audience: e.SITESEER_OIDC_AUDIENCE ?? `${publicUrl}/api`,
      portalClientId: e.SITESEER_OIDC_PORTAL_CLIENT_ID,
      cliClientId: e.SITESEER_OIDC_CLI_CLIENT_ID,
      adminGroup: e.SITESEER_ADMIN_GROUP,
      forgotPasswordUrl: e.SITESEER_FORGOT_PASSWORD_URL ?? `${publicUrl}/auth/forgot-password`,
      ...overrides.identity,
    },
  };
}

function configuredSecretsKey(text: string | undefined): Buffer | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseSecretsKey(text);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: SITESEER_SECRETS_KEY ${(error as Error).message}`);
  }
}

function parseCrawlAllowList(text: string): AllowEntry[] {
  try {
    return parseAllowList(text);
  } catch (error) {
    if (error instanceof AllowListError) {
      throw new ConfigError(`Invalid configuration: SITESEER_CRAWL_ALLOW_PRIVATE: ${error.message}`);
    }
    throw error;
  }
}
