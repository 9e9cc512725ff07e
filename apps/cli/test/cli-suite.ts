import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Actor, startWithTenants, type Tenants } from '@siteseer/test-support';
import { afterAll, beforeAll } from 'vitest';
import { type CliResult, runCli, tempConfigDir } from './run-cli.ts';

/**
 * A suite's real API with its tenants (started before the suite, closed after), a config dir and a
 * working dir, and the CLI run as one of the tenants' people.
 */
export function cliSuite(options: Parameters<typeof startWithTenants>[0] = {}) {
  let started: { tenants: Tenants; configDir: string; work: string } | undefined;
  beforeAll(async () => {
    const tenants = await startWithTenants(options);
    started = {
      tenants,
      configDir: await tempConfigDir(),
      work: await mkdtemp(join(tmpdir(), 'siteseer-cli-work-')),
    };
  });
  afterAll(async () => {
    await started?.tenants.server.close();
  });
  const get = () => {
    if (!started) throw new Error('The suite starts in beforeAll');
    return started;
  };
  /** SITESEER_SERVER + SITESEER_TOKEN of `who` (no keyring, no TTY, no saved login). */
  const envOf = (who: Actor) => ({ SITESEER_SERVER: get().tenants.server.base, SITESEER_TOKEN: who.token });
  return {
    get tenants() {
      return get().tenants;
    },
    get configDir() {
      return get().configDir;
    },
    get work() {
      return get().work;
    },
    envOf,
    as: (who: Actor, args: string[]): Promise<CliResult> =>
      runCli(args, { configDir: get().configDir, cwd: get().work, env: envOf(who) }),
  };
}
