import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, scriptedPrompter } from '../../../test/fakes.ts';
import type { CredentialStore, StoredCredentials } from '../../auth/credentials.ts';
import { SettingsStore } from '../../auth/settings.ts';
import type { AuthDeps } from '../../deps.ts';
import { readEnv } from '../../env.ts';
import { AbortError } from '../../errors.ts';
import { memoryOutput } from '../../output/memory-output.test-kit.ts';
import * as logout from './logout.ts';

const saved: StoredCredentials = {
  server: 'https://s.test',
  apiBase: 'https://s.test/api',
  issuer: 'https://s.test/oidc',
  clientId: 'siteseer-cli',
  accessToken: 'at',
  refreshToken: 'rt',
  expiresAt: 2_000_000_000_000,
};

describe('logout', () => {
  it('given a server that does not answer, then the saved login is removed, the server kept, and the warning is one sentence', async () => {
    const removed: string[] = [];
    const store: CredentialStore = {
      describe: () => 'memory',
      load: async () => saved,
      save: async () => {},
      remove: async (server) => {
        removed.push(server);
        return true;
      },
    };
    const settings = new SettingsStore(await mkdtemp(join(tmpdir(), 'siteseer-settings-')));
    await settings.write({ server: 'https://s.test' });
    const recorded = memoryOutput();
    const deps: AuthDeps = {
      output: recorded.output,
      clock: fixedClock(),
      env: readEnv({}),
      prompt: scriptedPrompter([]),
      store,
      settings,
      server: 'https://s.test',
      serverConfig: async () => {
        throw new Error('not used');
      },
      oidc: async () => {
        throw new AbortError('Could not reach the sign-in service at https://s.test/oidc.');
      },
      openBrowser: () => {},
      apiFor: () => {
        throw new Error('not used');
      },
      apiDeps: async () => {
        throw new Error('not used');
      },
    };
    await logout.run(deps, logout.parse({ args: [], opts: {} }));
    expect(removed).toEqual(['https://s.test']);
    expect((await settings.read()).server).toBe('https://s.test');
    expect(recorded.stderr).toContain(
      '! Could not revoke the session on the server: Could not reach the sign-in service at https://s.test/oidc.\n',
    );
    expect(recorded.stderr).toContain('Signed out of https://s.test.');
  });
});
