import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import type { ApiClient } from '@siteseer/core';
import { createPublicSearchClient, type PublicSearchClient } from '@siteseer/core/api/public-search-client';
import type { StoredCredentials } from './auth/credentials.ts';
import { subjectOf } from './auth/jwt-claims.ts';
import { defaultApiBase, fetchServerConfig, normaliseServer, searchRootOf } from './auth/server-config.ts';
import { StoredSession } from './auth/session.ts';
import { configDirOf, credentialStoreFor, SettingsStore } from './auth/settings.ts';
import { EngineLookups } from './commands/search/engine-lookups.ts';
import type { AnyCommand, ApiDeps, AuthDeps, BaseDeps, Clock, ParseInput, SearchDeps } from './deps.ts';
import { type CliEnv, readEnv } from './env.ts';
import { ApiKeyRefusedError, AuthRequiredError, UsageError } from './errors.ts';
import type { AuthMode } from './http/auth-fetch.ts';
import { UploadProgress } from './http/upload-progress.ts';
import { Output } from './output/output.ts';
import { refusingPrompter, terminalPrompter } from './prompt/prompt.ts';
import type { GlobalOptions, Runtime } from './runtime.ts';
import { USER_AGENT } from './version.ts';

// Modules a command may not use are imported when it uses them: core's portal client (every call
// contract of core) and openid-client. `search` with a kept look-up loads neither (ADR 0050).

const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

function baseDeps(runtime: Runtime, env: CliEnv, globals: GlobalOptions): BaseDeps {
  const interactive = runtime.stdin.isTTY === true && runtime.stderr.isTTY === true && !env.ci;
  const output = new Output({
    stdout: runtime.stdout,
    stderr: runtime.stderr,
    json: globals.json,
    color: globals.color && !env.noColor && runtime.stdout.isTTY === true && runtime.stderr.isTTY === true,
    interactive,
    verbose: globals.verbose,
  });
  const prompt = interactive
    ? terminalPrompter(runtime.stdin, runtime.stderr as unknown as NodeJS.WritableStream)
    : refusingPrompter();
  return { output, clock: systemClock, env, prompt };
}

/** Reads all of standard input (a secret piped in); a terminal is refused, typing there would show it. */
function stdinReader(runtime: Runtime): () => Promise<string> {
  return async () => {
    if (runtime.stdin.isTTY === true) {
      throw new UsageError(
        'Standard input is a terminal: pipe the secret in (e.g. `pass show site | siteseer …`) or set SITESEER_CRAWL_SECRET.',
      );
    }
    const chunks: Buffer[] = [];
    for await (const chunk of runtime.stdin) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  };
}

/** The server: --server, else SITESEER_SERVER, else the one `siteseer login` saved. */
async function resolveServer(
  globals: GlobalOptions,
  env: CliEnv,
  settings: SettingsStore,
): Promise<string | undefined> {
  const chosen = globals.server ?? env.server ?? (await settings.read()).server;
  return chosen === undefined ? undefined : normaliseServer(chosen);
}

/** Core's portal API client, its module loaded when first asked for. */
async function apiClient(
  runtime: Runtime,
  baseUrl: string,
  auth: AuthMode,
  uploads: UploadProgress,
): Promise<ApiClient> {
  const { portalClient } = await import('./http/portal-client.ts');
  return portalClient(runtime, baseUrl, auth, uploads);
}

/**
 * The public search client: the CLI's User-Agent and its source mark (the API leaves searches
 * marked `cli` out of the visitors' figures), and no credentials (visitors send none).
 */
function publicSearchClient(runtime: Runtime, apiBase: string): PublicSearchClient {
  return createPublicSearchClient({
    baseUrl: searchRootOf(apiBase),
    fetch: (url, request) => {
      const headers = new Headers(request.headers);
      headers.set('User-Agent', USER_AGENT);
      headers.set('X-Siteseer-Source', 'cli');
      return runtime.searchFetch(url, { ...request, headers });
    },
  });
}

function oidcFactory(runtime: Runtime) {
  return async (issuer: string, clientId: string) => {
    const { createOidcClient } = await import('./auth/oidc.ts');
    return createOidcClient(issuer, clientId, runtime.fetch);
  };
}

/** Where a command's calls go and as whom. */
interface Connection {
  server: string;
  apiBase: string;
  auth: AuthMode;
  /** The person the credentials are of (the access token's `sub`), when the token says. */
  subject: string | undefined;
}

/**
 * The server and its credentials: SITESEER_TOKEN, else SITESEER_API_KEY, else the saved login for
 * the server (refreshed when near expiry, when first used). No credentials at all is an
 * AuthRequiredError (exit 4). Only local files are read: nothing is sent yet.
 */
async function connect(runtime: Runtime, base: BaseDeps, globals: GlobalOptions): Promise<Connection> {
  const { env } = base;
  const settings = new SettingsStore(configDirOf(env));
  const server = await resolveServer(globals, env, settings);
  if (!server) {
    throw new AuthRequiredError(
      'No Siteseer server is configured.',
      'Run `siteseer login --server URL`, or set SITESEER_SERVER (with SITESEER_TOKEN or SITESEER_API_KEY in CI).',
    );
  }
  let connection: Connection;
  if (env.token) {
    const auth = { kind: 'token', token: env.token } as const;
    connection = { server, apiBase: defaultApiBase(server), auth, subject: subjectOf(env.token) };
  } else if (env.apiKey) {
    const auth = { kind: 'apiKey', apiKey: env.apiKey } as const;
    connection = { server, apiBase: defaultApiBase(server), auth, subject: undefined };
  } else {
    const store = credentialStoreFor(env);
    const credentials = await store.load(server);
    if (!credentials) {
      // The server may be the saved one (kept by logout): a plain `siteseer login` is enough then.
      const saved = (await settings.read()).server;
      const login =
        saved !== undefined && normaliseServer(saved) === server
          ? 'siteseer login'
          : `siteseer login --server ${server}`;
      throw new AuthRequiredError(
        `You are not signed in to ${server}.`,
        `Run \`${login}\` to sign in, or set SITESEER_TOKEN or SITESEER_API_KEY.`,
      );
    }
    const session = new StoredSession({
      credentials,
      store,
      oidc: () => oidcFactory(runtime)(credentials.issuer, credentials.clientId),
      now: () => base.clock.now(),
    });
    // A refresh keeps the person: the saved token names them even once it has expired.
    const subject = subjectOf(credentials.accessToken);
    connection = { server, apiBase: credentials.apiBase, auth: { kind: 'session', session }, subject };
  }
  const kind = connection.auth.kind;
  base.output.debug(
    `Using ${server} (${kind === 'session' ? 'saved login' : kind === 'token' ? 'SITESEER_TOKEN' : 'SITESEER_API_KEY'})`,
  );
  return connection;
}

/** The API deps: the portal API client of the connection. */
async function apiDeps(runtime: Runtime, base: BaseDeps, globals: GlobalOptions): Promise<ApiDeps> {
  const { server, apiBase, auth } = await connect(runtime, base, globals);
  const uploads = new UploadProgress();
  return {
    ...base,
    api: await apiClient(runtime, apiBase, auth, uploads),
    uploads,
    server,
    auth: auth.kind,
    readStdin: stdinReader(runtime),
  };
}

/** The search deps: the public search, the kept look-ups, and the portal client once asked for. */
async function searchDeps(runtime: Runtime, base: BaseDeps, globals: GlobalOptions): Promise<SearchDeps> {
  const { server, apiBase, auth, subject } = await connect(runtime, base, globals);
  let api: Promise<ApiClient> | undefined;
  return {
    ...base,
    search: publicSearchClient(runtime, apiBase),
    api: () => {
      api ??= apiClient(runtime, apiBase, auth, new UploadProgress());
      return api;
    },
    lookups: new EngineLookups({ configDir: configDirOf(base.env), server, subject, now: base.clock.now }),
    server,
    auth: auth.kind,
  };
}

/** Opens a URL with the platform's opener; a missing opener is ignored (the URL is printed anyway). */
function openBrowser(platform: NodeJS.Platform, url: string): void {
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
  // No opener installed (ENOENT), or one that cannot start: the URL is printed anyway, so the
  // person opens it by hand. Throwing here would crash the login that is waiting for approval.
  child.on('error', () => {});
  child.unref();
}

async function authDeps(runtime: Runtime, base: BaseDeps, globals: GlobalOptions): Promise<AuthDeps> {
  const settings = new SettingsStore(configDirOf(base.env));
  const store = credentialStoreFor(base.env);
  const server = await resolveServer(globals, base.env, settings);
  // Login's `apiFor` answers at once: the portal client's module is loaded up front here.
  const { portalClient } = await import('./http/portal-client.ts');
  return {
    ...base,
    store,
    settings,
    server,
    serverConfig: (url) => fetchServerConfig(url, runtime.fetch),
    oidc: oidcFactory(runtime),
    openBrowser: (url) => openBrowser(runtime.platform, url),
    apiFor: (credentials: StoredCredentials) =>
      portalClient(
        runtime,
        credentials.apiBase,
        { kind: 'token', token: credentials.accessToken },
        new UploadProgress(),
      ),
    apiDeps: () => apiDeps(runtime, base, globals),
  };
}

/** Runs one command module: parse first (usage errors before any network), then build its deps and run. */
export async function runCommand(
  runtime: Runtime,
  command: AnyCommand,
  input: ParseInput,
  globals: GlobalOptions,
): Promise<void> {
  const env = readEnv(runtime.env);
  const base = baseDeps(runtime, env, globals);
  const options = command.parse(input);
  switch (command.kind) {
    case 'api': {
      const deps = await apiDeps(runtime, base, globals);
      if (deps.auth === 'apiKey' && !command.acceptsApiKey) throw new ApiKeyRefusedError();
      await command.run(deps, options);
      return;
    }
    case 'search': {
      // Looking an engine up needs a person, as the other engine commands do.
      const deps = await searchDeps(runtime, base, globals);
      if (deps.auth === 'apiKey') throw new ApiKeyRefusedError('look engines up');
      await command.run(deps, options);
      return;
    }
    case 'auth':
      await command.run(await authDeps(runtime, base, globals), options);
  }
}
