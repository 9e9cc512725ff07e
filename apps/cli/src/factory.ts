import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type ApiClient,
  createApiClient,
  createPublicSearchClient,
  type PublicSearchClient,
} from '@siteseer/core';
import type { StoredCredentials } from './auth/credentials.ts';
import { createOidcClient } from './auth/oidc.ts';
import { defaultApiBase, fetchServerConfig, normaliseServer, searchRootOf } from './auth/server-config.ts';
import { StoredSession } from './auth/session.ts';
import { configDirOf, credentialStoreFor, SettingsStore } from './auth/settings.ts';
import type { AnyCommand, ApiDeps, AuthDeps, BaseDeps, Clock, ParseInput } from './deps.ts';
import { type CliEnv, readEnv } from './env.ts';
import { ApiKeyRefusedError, AuthRequiredError, UsageError } from './errors.ts';
import { type AuthMode, createAuthFetch } from './http/auth-fetch.ts';
import { UploadProgress } from './http/upload-progress.ts';
import { Output } from './output/output.ts';
import { refusingPrompter, terminalPrompter } from './prompt/prompt.ts';
import type { GlobalOptions, Runtime } from './runtime.ts';
import { USER_AGENT } from './version.ts';

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

function apiClient(runtime: Runtime, baseUrl: string, auth: AuthMode, uploads: UploadProgress): ApiClient {
  const fetch = createAuthFetch({ fetch: runtime.fetch, auth, userAgent: USER_AGENT, progress: uploads });
  const getToken = () => {
    switch (auth.kind) {
      case 'token':
        return auth.token;
      case 'apiKey':
        // Core sends it as a bearer token; the fetch wrapper moves it to X-Api-Key.
        return auth.apiKey;
      case 'session':
        return auth.session.getToken();
    }
  };
  return createApiClient({ baseUrl, fetch, getToken });
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
      return runtime.fetch(url, { ...request, headers });
    },
  });
}

function oidcFactory(runtime: Runtime) {
  return (issuer: string, clientId: string) => createOidcClient(issuer, clientId, runtime.fetch);
}

/**
 * The API deps: SITESEER_TOKEN, else SITESEER_API_KEY, else the saved login for the server
 * (refreshed when near expiry). No credentials at all is an AuthRequiredError (exit 4).
 */
async function apiDeps(runtime: Runtime, base: BaseDeps, globals: GlobalOptions): Promise<ApiDeps> {
  const { env } = base;
  const settings = new SettingsStore(configDirOf(env));
  const server = await resolveServer(globals, env, settings);
  if (!server) {
    throw new AuthRequiredError(
      'No Siteseer server is configured.',
      'Run `siteseer login --server URL`, or set SITESEER_SERVER (with SITESEER_TOKEN or SITESEER_API_KEY in CI).',
    );
  }
  const uploads = new UploadProgress();
  let auth: AuthMode;
  let baseUrl = defaultApiBase(server);
  if (env.token) auth = { kind: 'token', token: env.token };
  else if (env.apiKey) auth = { kind: 'apiKey', apiKey: env.apiKey };
  else {
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
    baseUrl = credentials.apiBase;
    const session = new StoredSession({
      credentials,
      store,
      oidc: () => oidcFactory(runtime)(credentials.issuer, credentials.clientId),
      now: () => base.clock.now(),
    });
    auth = { kind: 'session', session };
  }
  base.output.debug(
    `Using ${server} (${auth.kind === 'session' ? 'saved login' : auth.kind === 'token' ? 'SITESEER_TOKEN' : 'SITESEER_API_KEY'})`,
  );
  return {
    ...base,
    api: apiClient(runtime, baseUrl, auth, uploads),
    search: publicSearchClient(runtime, baseUrl),
    uploads,
    server,
    auth: auth.kind,
    readStdin: stdinReader(runtime),
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
  return {
    ...base,
    store,
    settings,
    server,
    serverConfig: (url) => fetchServerConfig(url, runtime.fetch),
    oidc: oidcFactory(runtime),
    openBrowser: (url) => openBrowser(runtime.platform, url),
    apiFor: (credentials: StoredCredentials) =>
      apiClient(
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
  if (command.kind === 'api') {
    const deps = await apiDeps(runtime, base, globals);
    if (deps.auth === 'apiKey' && !command.acceptsApiKey) throw new ApiKeyRefusedError();
    await command.run(deps, options);
  } else await command.run(await authDeps(runtime, base, globals), options);
}
