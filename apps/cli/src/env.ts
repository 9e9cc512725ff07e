/**
 * Every environment variable the CLI reads, in one place. They are read once at start
 * (`readEnv`) and passed down; nothing else looks at `process.env`.
 */
export const ENV_VARS = {
  SITESEER_SERVER: 'The Siteseer server URL (overrides the server saved by `siteseer login`).',
  SITESEER_TOKEN: 'An access token to use instead of the saved login (CI).',
  SITESEER_API_KEY:
    "An account API key, sent as the X-Api-Key header (CI); used when SITESEER_TOKEN isn't set.",
  SITESEER_CONFIG_DIR:
    "Where the CLI keeps its settings, the credentials file and search's engine look-ups (default: the OS config dir).",
  SITESEER_NO_KEYRING: 'Set to 1 to never use the OS keyring: credentials go to a 0600 file instead.',
  SITESEER_CRAWL_SECRET:
    'The secret of `crawl credentials` when its flag leaves it out (the password, header value or cookie value).',
  CI: 'Set by CI systems: the CLI never prompts and never opens a browser.',
  NO_COLOR: 'Set to any value to turn colours off.',
} as const;

export type EnvVarName = keyof typeof ENV_VARS;

/** The environment as the CLI uses it, after reading. */
export interface CliEnv {
  server: string | undefined;
  token: string | undefined;
  apiKey: string | undefined;
  configDir: string | undefined;
  noKeyring: boolean;
  /** The secret `crawl credentials` sends when its flag has none (SITESEER_CRAWL_SECRET); kept as typed. */
  crawlSecret: string | undefined;
  ci: boolean;
  noColor: boolean;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A flag variable: set and not 0/false/no. */
function flag(value: string | undefined): boolean {
  const v = value?.trim().toLowerCase();
  return v !== undefined && v !== '' && v !== '0' && v !== 'false' && v !== 'no';
}

/** Reads the CLI's variables from an environment (process.env in production, a literal in tests). */
export function readEnv(env: Readonly<Record<string, string | undefined>>): CliEnv {
  return {
    server: nonEmpty(env.SITESEER_SERVER),
    token: nonEmpty(env.SITESEER_TOKEN),
    apiKey: nonEmpty(env.SITESEER_API_KEY),
    configDir: nonEmpty(env.SITESEER_CONFIG_DIR),
    noKeyring: flag(env.SITESEER_NO_KEYRING),
    // A secret is not trimmed (a password may end with a space); empty means unset.
    crawlSecret: env.SITESEER_CRAWL_SECRET === '' ? undefined : env.SITESEER_CRAWL_SECRET,
    ci: flag(env.CI),
    // NO_COLOR: any non-empty value turns colour off (no-color.org).
    noColor: nonEmpty(env.NO_COLOR) !== undefined,
  };
}

/** ' (env: NAME)', appended to the help text of a flag that can come from the environment. */
export function fromEnv(name: EnvVarName): string {
  return ` (env: ${name})`;
}
