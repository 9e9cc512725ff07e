import {
  parseCookieLine,
  parseHeaderLine,
  type SiteCredentialsStatus,
  type SiteSignIn,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalString, requiredString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';

/** What to do with the site's sign-in: set one kind (its secret maybe still to read), or clear it. */
type Change =
  | { kind: 'basic'; user: string; password: string | undefined }
  | { kind: 'header'; name: string; value: string | undefined }
  | { kind: 'cookie'; line: string | undefined; name: string | undefined }
  | { kind: 'clear' };

export interface CredentialsOptions {
  engine: string;
  site: string;
  account: string | undefined;
  change: Change;
  /** Read the secret the flag leaves out from standard input (else SITESEER_CRAWL_SECRET). */
  secretStdin: boolean;
}

const ONE_OF = 'Give one of --basic, --header, --cookie or --clear.';

export function parse(input: ParseInput): CredentialsOptions {
  const given = (['basic', 'header', 'cookie', 'clear'] as const).filter(
    (name) => input.opts[name] !== undefined,
  );
  if (given.length !== 1) throw new UsageError(ONE_OF);
  return {
    engine: argument(input, 0, 'ENGINE'),
    site: requiredString(input, 'site'),
    account: optionalString(input, 'account'),
    change: changeOf(input, given[0] as 'basic' | 'header' | 'cookie' | 'clear'),
    secretStdin: flag(input, 'secretStdin'),
  };
}

/** The flag's value split into its name and its secret (absent when the flag leaves it out). */
function changeOf(input: ParseInput, name: 'basic' | 'header' | 'cookie' | 'clear'): Change {
  if (name === 'clear') return { kind: 'clear' };
  const value = requiredString(input, name);
  if (name === 'basic') {
    const colon = value.indexOf(':');
    return colon < 0
      ? { kind: 'basic', user: value, password: undefined }
      : { kind: 'basic', user: value.slice(0, colon), password: value.slice(colon + 1) };
  }
  if (name === 'header') {
    if (!value.includes(':')) return { kind: 'header', name: value.trim(), value: undefined };
    const header = parseHeaderLine(value);
    if ('error' in header) throw new UsageError(header.error);
    return { kind: 'header', name: header.name, value: header.value };
  }
  return value.includes('=')
    ? { kind: 'cookie', line: value, name: undefined }
    : { kind: 'cookie', line: undefined, name: value.trim() };
}

/**
 * The secret the flag left out: standard input's first line with --secret-stdin, else
 * SITESEER_CRAWL_SECRET; neither is a usage error naming both. Never printed.
 */
async function missingSecret(deps: ApiDeps, options: CredentialsOptions, what: string): Promise<string> {
  if (options.secretStdin) {
    const line = (await deps.readStdin()).split(/\r?\n/)[0] ?? '';
    if (line === '') throw new UsageError(`Standard input held no ${what}.`);
    return line;
  }
  if (deps.env.crawlSecret !== undefined) return deps.env.crawlSecret;
  throw new UsageError(
    `No ${what}: put it in the flag, pipe it with --secret-stdin, or set SITESEER_CRAWL_SECRET.`,
  );
}

async function signInOf(deps: ApiDeps, options: CredentialsOptions): Promise<SiteSignIn> {
  const { change } = options;
  if (change.kind === 'basic') {
    return {
      kind: 'basic',
      user: change.user,
      password: change.password ?? (await missingSecret(deps, options, 'password')),
    };
  }
  if (change.kind === 'header') {
    return {
      kind: 'header',
      name: change.name,
      value: change.value ?? (await missingSecret(deps, options, 'header value')),
    };
  }
  if (change.kind === 'cookie') {
    const line =
      change.line ??
      `${change.name}=${await missingSecret(deps, options, `value for the cookie ${change.name}`)}`;
    const parsed = parseCookieLine(line);
    if ('error' in parsed) throw new UsageError(parsed.error);
    return { kind: 'cookie', cookies: parsed.cookies };
  }
  throw new Error('A cleared sign-in has no secret.');
}

/** The sign-in as people read it: the kind and what names it, never the secret. */
function described(status: SiteCredentialsStatus): string {
  if (status.kind === 'basic') return `HTTP Basic as ${status.label}`;
  if (status.kind === 'header') return `the header ${status.label}`;
  return `the cookies ${status.label}`;
}

/**
 * `PUT`/`DELETE datasource/crawler/credentials`: the sign-in the crawler sends to one of the
 * engine's sites. The secret goes to the server only; the answer, and so the output, never holds it.
 */
export async function run(deps: ApiDeps, options: CredentialsOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const target = { accountId: engine.accountId, engineId: engine.id, site: options.site };
  if (options.change.kind === 'clear') {
    const removed = expectOk(await api.crawler.credentials.remove(target), 'Removing the sign-in');
    if (output.json) {
      output.printJson(removed);
      return;
    }
    output.info(
      removed.removed
        ? `Removed the sign-in for ${removed.site}: the crawler fetches it signed out from now on.`
        : `${removed.site} had no sign-in: nothing changed.`,
    );
    return;
  }
  const signIn = await signInOf(deps, options);
  const status = expectOk(await api.crawler.credentials.set({ ...target, signIn }), 'Saving the sign-in');
  if (output.json) {
    output.printJson(status);
    return;
  }
  output.info(`The crawler signs in to ${status.site} with ${described(status)} (stored encrypted).`);
}

export const command = apiCommand({ parse, run });
