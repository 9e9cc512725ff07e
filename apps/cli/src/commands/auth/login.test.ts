import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fixedClock, ok, scriptedPrompter } from '../../../test/fakes.ts';
import type { CredentialStore, StoredCredentials } from '../../auth/credentials.ts';
import type { OidcClient, PollOutcome } from '../../auth/oidc.ts';
import { SettingsStore } from '../../auth/settings.ts';
import type { AuthDeps } from '../../deps.ts';
import { readEnv } from '../../env.ts';
import { memoryOutput } from '../../output/memory-output.test-kit.ts';
import * as login from './login.ts';

function jwt(claims: Record<string, unknown>): string {
  return `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
}

async function setup(options: { tty: boolean; env?: Record<string, string> }) {
  const saved: StoredCredentials[] = [];
  const store: CredentialStore = {
    describe: () => 'memory',
    load: async () => undefined,
    save: async (c) => {
      saved.push(c);
    },
    remove: async () => false,
  };
  const outcomes: PollOutcome[] = [
    { state: 'authorization_pending' },
    {
      state: 'approved',
      tokens: {
        accessToken: jwt({ exp: 2_000_000_000, email: 'ann@acme.test' }),
        refreshToken: 'rt',
        idToken: undefined,
        expiresIn: 900,
      },
    },
  ];
  const oidc: OidcClient = {
    startDeviceAuthorization: async () => ({
      deviceCode: 'dc',
      userCode: 'BCDF-GHJK',
      verificationUri: 'https://s.test/oidc/device',
      verificationUriComplete: 'https://s.test/oidc/device?user_code=BCDF-GHJK',
      expiresIn: 600,
      interval: 5,
    }),
    pollDeviceToken: async () => outcomes.shift() ?? { state: 'expired_token' },
    refresh: vi.fn(),
    revoke: vi.fn(),
  };
  // --json keeps the plain view, so a terminal can be simulated without Ink.
  const recorded = memoryOutput({ isTTY: options.tty, interactive: options.tty, json: true });
  const openBrowser = vi.fn();
  const settings = new SettingsStore(await mkdtemp(join(tmpdir(), 'siteseer-settings-')));
  const profile = {
    id: 'u1',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@acme.test',
    isBZAdmin: false,
    accounts: [],
    engines: [],
    clients: {},
  };
  const deps: AuthDeps = {
    output: recorded.output,
    clock: fixedClock(),
    env: readEnv(options.env ?? {}),
    prompt: scriptedPrompter([]),
    store,
    settings,
    server: 'https://s.test',
    serverConfig: async () => ({
      issuer: 'https://s.test/oidc',
      cliClientId: 'siteseer-cli',
      audience: 'https://s.test/api',
      apiBase: 'https://s.test/api',
    }),
    oidc: async () => oidc,
    openBrowser,
    apiFor: () => fakeApi({ profile: { me: async () => ok(profile) } }),
    apiDeps: async () => {
      throw new Error('not used');
    },
  };
  return { deps, recorded, saved, openBrowser, settings };
}

describe('login', () => {
  it('given a terminal, when logging in, then the browser opens on the complete URL and the tokens are saved', async () => {
    const { deps, recorded, saved, openBrowser, settings } = await setup({ tty: true });
    await login.run(deps, login.parse({ args: [], opts: {} }));
    expect(openBrowser).toHaveBeenCalledWith('https://s.test/oidc/device?user_code=BCDF-GHJK');
    expect(recorded.stderr).toContain('First copy your one-time code: BCDF-GHJK');
    expect(saved[0]).toMatchObject({
      server: 'https://s.test',
      refreshToken: 'rt',
      email: 'ann@acme.test',
      expiresAt: 2_000_000_000_000,
    });
    expect((await settings.read()).server).toBe('https://s.test');
    const lines = recorded.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1] ?? '')).toEqual({
      server: 'https://s.test',
      email: 'ann@acme.test',
      storedIn: 'memory',
    });
  });

  it('given --json, when the code is issued, then it is the first line on stdout before any approval', async () => {
    const { deps, recorded } = await setup({ tty: false });
    const seenAtFirstPoll: string[] = [];
    const oidc = await deps.oidc('https://s.test/oidc', 'siteseer-cli');
    const poll = oidc.pollDeviceToken.bind(oidc);
    oidc.pollDeviceToken = async (code) => {
      seenAtFirstPoll.push(recorded.stdout);
      return poll(code);
    };
    await login.run({ ...deps, oidc: async () => oidc }, login.parse({ args: [], opts: {} }));
    expect(JSON.parse(seenAtFirstPoll[0] ?? '')).toEqual({
      verification_uri: 'https://s.test/oidc/device',
      verification_uri_complete: 'https://s.test/oidc/device?user_code=BCDF-GHJK',
      user_code: 'BCDF-GHJK',
      expires_in: 600,
    });
    expect(JSON.parse(recorded.stdout.trimEnd().split('\n')[1] ?? '')).toMatchObject({
      email: 'ann@acme.test',
    });
  });

  it('given --no-browser, or no terminal, then no browser is opened', async () => {
    const noBrowser = await setup({ tty: true });
    await login.run(noBrowser.deps, login.parse({ args: [], opts: { browser: false } }));
    expect(noBrowser.openBrowser).not.toHaveBeenCalled();
    const piped = await setup({ tty: false });
    await login.run(piped.deps, login.parse({ args: [], opts: {} }));
    expect(piped.openBrowser).not.toHaveBeenCalled();
  });

  it('given SITESEER_TOKEN is set, when logging in, then a warning says it wins', async () => {
    const { deps, recorded } = await setup({ tty: false, env: { SITESEER_TOKEN: 't' } });
    await login.run(deps, login.parse({ args: [], opts: {} }));
    expect(recorded.stderr).toContain('SITESEER_TOKEN or SITESEER_API_KEY is set');
  });
});
