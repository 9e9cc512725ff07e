// zod's mini build: the configuration is read before the first screen, and zod's full build (core's
// schemas) is tens of kB more that the first screen otherwise does without.
import { z } from 'zod/mini';

/**
 * The runtime configuration file (`/config.json`) the API generates from its own settings. Every
 * field is optional here: a missing or unreadable file is ignored (the spec) and the defaults below,
 * which assume the portal and the API share one origin, apply.
 */
const RuntimeConfigFile = z.partial(
  z.object({
    apiBase: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    cliClientId: z.string(),
    audience: z.string(),
    scopes: z.string(),
    /** `{origin}` stands for the portal's own origin. */
    redirectUri: z.string(),
    forgotPasswordUrl: z.string(),
    /** The external virtual training and knowledge base of the user menu; hidden when absent. */
    trainingUrl: z.string(),
    knowledgeBaseUrl: z.string(),
  }),
);

export interface RuntimeConfig {
  apiBase: string;
  issuer: string;
  clientId: string;
  scopes: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  forgotPasswordUrl: string;
  trainingUrl: string | undefined;
  knowledgeBaseUrl: string | undefined;
}

/** The defaults: everything on the portal's own origin, as the API serves it. */
export function defaultRuntimeConfig(origin: string): RuntimeConfig {
  return {
    apiBase: `${origin}/api`,
    issuer: `${origin}/oidc`,
    clientId: 'siteseer-portal',
    scopes: 'openid email profile groups offline_access',
    redirectUri: `${origin}/auth/callback`,
    postLogoutRedirectUri: `${origin}/login`,
    forgotPasswordUrl: `${origin}/auth/forgot-password`,
    trainingUrl: undefined,
    knowledgeBaseUrl: undefined,
  };
}

/** Merges a configuration file over the defaults; `{origin}` placeholders take the portal's origin. */
export function resolveRuntimeConfig(file: unknown, origin: string): RuntimeConfig {
  const defaults = defaultRuntimeConfig(origin);
  const parsed = RuntimeConfigFile.safeParse(file);
  if (!parsed.success) return defaults;
  const withOrigin = (value: string | undefined) => value?.replaceAll('{origin}', origin) || undefined;
  const f = parsed.data;
  return {
    apiBase: withOrigin(f.apiBase) ?? defaults.apiBase,
    issuer: withOrigin(f.issuer) ?? defaults.issuer,
    clientId: withOrigin(f.clientId) ?? defaults.clientId,
    scopes: withOrigin(f.scopes) ?? defaults.scopes,
    redirectUri: withOrigin(f.redirectUri) ?? defaults.redirectUri,
    postLogoutRedirectUri: defaults.postLogoutRedirectUri,
    forgotPasswordUrl: withOrigin(f.forgotPasswordUrl) ?? defaults.forgotPasswordUrl,
    trainingUrl: withOrigin(f.trainingUrl),
    knowledgeBaseUrl: withOrigin(f.knowledgeBaseUrl),
  };
}

/**
 * Loads `/config.json` once at start. Any failure (network, status, bad JSON) is ignored, as the
 * spec asks: the defaults apply.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch, origin: string): Promise<RuntimeConfig> {
  try {
    const response = await fetchFn(`${origin}/config.json`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return defaultRuntimeConfig(origin);
    return resolveRuntimeConfig(await response.json(), origin);
  } catch {
    // Deliberately swallowed: the spec says a failure to load the configuration is silently ignored.
    return defaultRuntimeConfig(origin);
  }
}
