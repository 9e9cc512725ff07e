// The published package: `pack:tarball` builds `dist/` and packs it; `npm i -g --prefix <tmp>` installs
// the tarball (its dependencies from the npm cache, or the registry the first time) and the installed
// `siteseer` runs without the workspace: no TypeScript, no @siteseer/core package, no pnpm.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmEnv } from '../scripts/pack.ts';
import { BIN, cliEnv, tempConfigDir } from './run-cli.ts';

const CLI_DIR = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
const TARBALL = join(CLI_DIR, 'dist', `siteseer-cli-${SOURCE.version}.tgz`);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return new Promise<Result>((resolve) => {
    execFile(
      file,
      args,
      { ...options, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // A failed start (ENOENT) has a string code: report it in stderr.
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: error && code === 1 && !stderr ? String(error) : stderr });
      },
    );
  });
}

function ok(result: Result, what: string): Result {
  if (result.code !== 0)
    throw new Error(`${what} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

let prefix: string;
let installed: string;
let configDir: string;

describe.skipIf(process.platform === 'win32')('the packed siteseer CLI', () => {
  beforeAll(async () => {
    // The package's own scripts, as a developer runs them (pnpm puts the workspace's Node 24 first).
    ok(await run('pnpm', ['run', '--silent', 'pack:tarball'], { cwd: CLI_DIR }), 'pnpm run pack:tarball');
    prefix = await mkdtemp(join(tmpdir(), 'siteseer-cli-global-'));
    ok(
      await run(
        'npm',
        ['install', '--global', '--prefix', prefix, TARBALL, '--prefer-offline', '--no-audit', '--no-fund'],
        { env: npmEnv(), cwd: prefix },
      ),
      'npm install --global',
    );
    installed = join(prefix, 'lib', 'node_modules', '@siteseer', 'cli');
    configDir = await tempConfigDir();
  }, 180_000);

  afterAll(async () => {
    if (prefix) await rm(prefix, { recursive: true, force: true });
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  it('has a publishable manifest: built bin, pinned npm dependencies, no workspace package', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ siteseer: 'dist/bin.js' });
    expect(manifest.private).toBeUndefined();
    const { '@siteseer/core': _core, ...npmDependencies } = SOURCE.dependencies;
    expect(manifest.dependencies).toEqual(npmDependencies);
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    // commander 15 is the strictest of the dependencies' engines.
    expect(manifest.engines).toEqual({ node: '>=22.12.0' });
  });

  it('ships only the build (and the manifest and README): no TypeScript sources', () => {
    const top = readdirSync(installed).filter((name) => name !== 'node_modules');
    expect(top.sort()).toEqual(['README.md', 'dist', 'package.json']);
    const built = readdirSync(join(installed, 'dist'), { recursive: true, encoding: 'utf8' });
    expect(built).toContain('bin.js');
    expect(built.filter((file) => file !== 'chunks' && !/^(bin|chunks\/[\w-]+)\.js$/.test(file))).toEqual([]);
    // @siteseer/core is inlined in a chunk, never installed.
    expect(existsSync(join(installed, 'node_modules', '@siteseer'))).toBe(false);
    expect(existsSync(join(prefix, 'lib', 'node_modules', '@siteseer', 'core'))).toBe(false);
  });

  it('answers --version through the bin link, with Node 24 and with the shebang', async () => {
    const link = join(prefix, 'bin', 'siteseer');
    const direct = ok(await run(process.execPath, [link, '--version']), 'siteseer --version');
    expect(direct.stdout).toBe(`${SOURCE.version}\n`);
    // The link itself, as a shell runs it: `#!/usr/bin/env node` finds the Node first on the PATH.
    const shebang = ok(await run(link, ['--version'], { env: npmEnv() }), 'siteseer --version (shebang)');
    expect(shebang.stdout).toBe(`${SOURCE.version}\n`);
  });

  it('prints the same --help as the workspace sources', async () => {
    const env = cliEnv(configDir);
    const built = ok(
      await run(process.execPath, [join(prefix, 'bin', 'siteseer'), '--help'], { env }),
      'built --help',
    );
    const source = ok(await run(process.execPath, [BIN, '--help'], { env }), 'source --help');
    expect(built.stdout).toContain('Usage: siteseer');
    expect(built.stdout).toContain('SITESEER_API_KEY');
    expect(built.stdout).toBe(source.stdout);
  });

  it("runs a command through core's rules with the installed dependencies", async () => {
    const file = join(configDir, 'products.txt');
    await writeFile(file, 'a,b\n1,2\n');
    const result = await run(
      process.execPath,
      [join(prefix, 'bin', 'siteseer'), 'engines', 'upload', 'engine-id', '--file', file],
      { env: cliEnv(configDir, { SITESEER_SERVER: 'http://127.0.0.1:9', SITESEER_API_KEY: 'ssk_test' }) },
    );
    expect(result.stderr).toContain('The file must be a CSV or XLSX file.');
    expect(result.code).toBe(2);
  });

  it('loads every npm dependency from the installed package, the native keyring included', async () => {
    const names = Object.keys(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).dependencies);
    const script = `for (const name of ${JSON.stringify(names)}) await import(name);`;
    const result = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: installed });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
