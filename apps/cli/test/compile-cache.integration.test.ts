import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './run-cli.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The files under a directory, its subdirectories' included. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe('the CLI keeps its compiled modules between runs', () => {
  it('Given no setting, when a command runs, then its modules are kept in the temporary directory for the next run', async () => {
    const configDir = await tempConfigDir();
    // NODE_COMPILE_CACHE unset (it alone would turn the cache on): the CLI turns it on itself.
    const temp = await mkdtemp(join(tmpdir(), 'siteseer-compile-cache-'));
    dirs.push(configDir, temp);
    const first = await runCli(['search', '--help'], { configDir, env: { TMPDIR: temp } });
    expect(first.code).toBe(0);
    // The program, the search registration and Commander: one entry each, far more than none (a
    // command's help loads no other group, no command module and no core).
    expect(filesUnder(join(temp, 'node-compile-cache')).length).toBeGreaterThan(15);
    const second = await runCli(['search', '--help'], { configDir, env: { TMPDIR: temp } });
    expect(second.stdout).toBe(first.stdout);
  });
});
