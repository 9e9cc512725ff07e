import type { ApiClient, PublicSearchClient } from '@siteseer/core';
import type { CredentialStore, StoredCredentials } from './auth/credentials.ts';
import type { OidcClient } from './auth/oidc.ts';
import type { ServerConfig } from './auth/server-config.ts';
import type { SettingsStore } from './auth/settings.ts';
import type { EngineLookups } from './commands/search/engine-lookups.ts';
import type { CliEnv } from './env.ts';
import type { AuthMode } from './http/auth-fetch.ts';
import type { UploadProgress } from './http/upload-progress.ts';
import type { Output } from './output/output.ts';
import type { Prompter } from './prompt/prompt.ts';

export interface Clock {
  now(): number;
  /** Waits `ms`; rejects with an AbortError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What every command's `run` gets. */
export interface BaseDeps {
  output: Output;
  clock: Clock;
  env: CliEnv;
  prompt: Prompter;
}

/** A command that calls the API: the typed client from core, authenticated. */
export interface ApiDeps extends BaseDeps {
  api: ApiClient;
  /** Turns upload progress reporting on around an upload. */
  uploads: UploadProgress;
  server: string;
  auth: AuthMode['kind'];
  /**
   * All of standard input, for a secret piped in (never echoed). A terminal's input is refused with
   * a UsageError: typing there would show the secret.
   */
  readStdin(): Promise<string>;
}

/**
 * `search`: the public search of an engine's client. The portal API is loaded and called only to
 * look an engine up, and a look-up kept from an earlier search needs none: a repeated search
 * loads less and sends one request.
 */
export interface SearchDeps extends BaseDeps {
  /** The public search runtime of the server (`/search/{clientId}/...`), without credentials. */
  search: PublicSearchClient;
  /** The portal API client, loaded on first use. */
  api(): Promise<ApiClient>;
  /** Engine look-ups kept between runs, for this server and this person. */
  lookups: EngineLookups;
  server: string;
  auth: AuthMode['kind'];
}

/** Login, logout and whoami: the credential store and the identity provider. */
export interface AuthDeps extends BaseDeps {
  store: CredentialStore;
  settings: SettingsStore;
  /** The server to use: --server, SITESEER_SERVER or the saved one (undefined when none). */
  server: string | undefined;
  serverConfig(server: string): Promise<ServerConfig>;
  oidc(issuer: string, clientId: string): Promise<OidcClient>;
  /** Opens a URL in the browser; absent browsers are ignored. */
  openBrowser(url: string): void;
  /** The API client for a fresh login's credentials. */
  apiFor(credentials: StoredCredentials): ApiClient;
  /** The API deps as any other command would get them (whoami). */
  apiDeps(): Promise<ApiDeps>;
}

/** What a command module parses its options from: positional arguments and option values. */
export interface ParseInput {
  args: readonly unknown[];
  opts: Readonly<Record<string, unknown>>;
}

/** options → parse → run: a command that calls the API. */
export interface ApiCommand<O> {
  kind: 'api';
  /**
   * The command works with SITESEER_API_KEY (the data-source API, analytics). Every other API
   * command needs a person and is refused up front with an API key (exit 4), before any call.
   */
  acceptsApiKey?: boolean;
  parse(input: ParseInput): O;
  run(deps: ApiDeps, options: O): Promise<void>;
}

export interface AuthCommand<O> {
  kind: 'auth';
  parse(input: ParseInput): O;
  run(deps: AuthDeps, options: O): Promise<void>;
}

/** options → parse → run: a command that searches as a visitor (no API key: it looks engines up). */
export interface SearchCommand<O> {
  kind: 'search';
  parse(input: ParseInput): O;
  run(deps: SearchDeps, options: O): Promise<void>;
}

export function apiCommand<O>(command: Omit<ApiCommand<O>, 'kind'>): ApiCommand<O> {
  return { kind: 'api', ...command };
}

export function authCommand<O>(command: Omit<AuthCommand<O>, 'kind'>): AuthCommand<O> {
  return { kind: 'auth', ...command };
}

export function searchCommand<O>(command: Omit<SearchCommand<O>, 'kind'>): SearchCommand<O> {
  return { kind: 'search', ...command };
}

// biome-ignore lint/suspicious/noExplicitAny: a module's option type is its own; the factory only passes it through.
export type AnyCommand = ApiCommand<any> | AuthCommand<any> | SearchCommand<any>;
