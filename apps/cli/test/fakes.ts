import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient, ApiFailure, ApiSuccess, PublicSearchClient } from '@siteseer/core';
import { vi } from 'vitest';
import { EngineLookups } from '../src/commands/search/engine-lookups.ts';
import type { ApiDeps, Clock, SearchDeps } from '../src/deps.ts';
import { readEnv } from '../src/env.ts';
import { UploadProgress } from '../src/http/upload-progress.ts';
import { memoryOutput } from '../src/output/memory-output.test-kit.ts';
import type { Prompter } from '../src/prompt/prompt.ts';

type Fn = (...args: any[]) => any;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends Fn ? Fn : DeepPartial<T[K]> };

/**
 * A fake of core's API client: the methods given, each wrapped in `vi.fn`; any other method throws
 * "unexpected call", so a test states every call it expects.
 */
export function fakeApi(methods: DeepPartial<ApiClient>): ApiClient {
  return fakeOf<ApiClient>(methods);
}

/** A fake of core's public search client, like `fakeApi`. */
export function fakeSearch(methods: DeepPartial<PublicSearchClient> = {}): PublicSearchClient {
  return fakeOf<PublicSearchClient>(methods);
}

function fakeOf<T>(methods: DeepPartial<T>): T {
  const missing = (name: string): unknown =>
    new Proxy(
      () => {
        throw new Error(`unexpected call ${name}`);
      },
      {
        get: (_fn, prop) =>
          typeof prop === 'string' && prop !== 'then' ? missing(`${name}.${prop}`) : undefined,
      },
    );
  const wrap = (value: Record<string, unknown>, path: string): unknown => {
    const built: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      built[key] =
        typeof child === 'function' ? vi.fn(child as Fn) : wrap(child as Record<string, unknown>, name);
    }
    return new Proxy(built, {
      get: (target, prop) => {
        if (typeof prop !== 'string' || prop === 'then') return undefined;
        return prop in target ? target[prop] : missing(path ? `${path}.${prop}` : prop);
      },
    });
  };
  return wrap(methods as Record<string, unknown>, '') as T;
}

export function ok<T>(data: T): ApiSuccess<T> {
  return { ok: true, status: 200, data, headers: new Headers() };
}

export function refused(status: number, detail: string): ApiFailure {
  return {
    ok: false,
    status,
    data: { type: 'about:blank', title: 'Refused', status, detail },
    headers: new Headers(),
  };
}

export const fixedClock = (start = Date.parse('2026-11-23T10:00:00.000Z')): Clock & { slept: number[] } => {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
};

/** A prompter that answers from a list, recording the questions. */
export function scriptedPrompter(answers: string[]): Prompter & { asked: string[] } {
  const asked: string[] = [];
  const next = (question: string) => {
    asked.push(question);
    return answers.shift() ?? '';
  };
  return {
    asked,
    confirm: async (q) => ['y', 'yes'].includes(next(q).toLowerCase()),
    text: async (q) => next(q),
  };
}

/** ApiDeps around a fake client, with recorded output. */
export function testDeps(
  api: ApiClient,
  options: {
    json?: boolean;
    interactive?: boolean;
    answers?: string[];
    env?: Record<string, string>;
    /** Output to a terminal (false: piped). */
    isTTY?: boolean;
    color?: boolean;
    /** What standard input holds (a secret piped in); none when absent. */
    stdin?: string;
  } = {},
) {
  const recorded = memoryOutput({
    json: options.json ?? false,
    interactive: options.interactive ?? false,
    isTTY: options.isTTY ?? false,
    color: options.color ?? false,
  });
  const prompt = scriptedPrompter(options.answers ?? []);
  const deps: ApiDeps = {
    api,
    output: recorded.output,
    clock: fixedClock(),
    env: readEnv(options.env ?? {}),
    prompt,
    readStdin: async () => options.stdin ?? '',
    uploads: new UploadProgress(),
    server: 'https://siteseer.test',
    auth: 'session',
  };
  return { deps, recorded, prompt };
}

/**
 * SearchDeps around a fake portal client and a fake public search, with recorded output. The kept
 * look-ups are real, in a fresh temporary config directory (or the one given, to share it).
 */
export function searchTestDeps(
  api: ApiClient,
  options: Parameters<typeof testDeps>[1] & { search?: PublicSearchClient; configDir?: string } = {},
) {
  const { deps: apiDeps, recorded, prompt } = testDeps(api, options);
  const { output, clock, env } = apiDeps;
  const configDir = options.configDir ?? mkdtempSync(join(tmpdir(), 'siteseer-cli-lookups-'));
  const deps: SearchDeps = {
    output,
    clock,
    env,
    prompt,
    search: options.search ?? fakeSearch(),
    api: async () => api,
    lookups: new EngineLookups({ configDir, server: apiDeps.server, subject: 'person-1', now: clock.now }),
    server: apiDeps.server,
    auth: apiDeps.auth,
  };
  return { deps, recorded, configDir };
}

/** The options a command module parses, as Commander hands them over. */
export function input(args: unknown[], opts: Record<string, unknown> = {}) {
  return { args, opts };
}

export const T0 = '2026-11-01T09:00:00.000Z';

export function engine(overrides: Record<string, unknown> = {}) {
  return {
    id: 'eng-1',
    accountId: 'acc-1',
    searchEngineName: 'Product finder',
    searchEngineType: 'pm' as const,
    searchEngineDetail: { originalFileName: 'products.csv', uploadDate: T0, importId: 'imp-1', version: 2 },
    createdDate: T0,
    createdBy: 'ann@acme.test',
    urls: [],
    ...overrides,
  };
}

export function account(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acc-1',
    name: 'Acme Corp',
    products: ['pm', 'kw'] as ('pm' | 'kw')[],
    role: 'owner' as const,
    createdDate: T0,
    ...overrides,
  };
}
