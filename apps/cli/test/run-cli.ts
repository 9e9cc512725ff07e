import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI's entry point, run by Node 24 directly (type stripping), as `pnpm siteseer` does. */
export const BIN = fileURLToPath(new URL('../src/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A fresh config dir (settings and the credentials file), so tests never touch a real one. */
export async function tempConfigDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'siteseer-cli-config-'));
}

/**
 * The child's environment: only what the test gives plus PATH, a temporary HOME and config dir,
 * and no keyring. Nothing leaks from the test process (no CI, no SITESEER_* of the developer).
 */
export function cliEnv(configDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: configDir,
    SITESEER_CONFIG_DIR: configDir,
    SITESEER_NO_KEYRING: '1',
    ...env,
  };
}

/** Starts the CLI with stdin closed (not a TTY) and pipes for stdout/stderr. */
export function startCli(args: string[], env: Record<string, string>, cwd?: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], cwd });
}

/** Runs the CLI to completion. */
export async function runCli(
  args: string[],
  options: { configDir: string; env?: Record<string, string>; cwd?: string },
): Promise<CliResult> {
  const started = performance.now();
  const child = startCli(args, cliEnv(options.configDir, options.env), options.cwd);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, ms: performance.now() - started };
}

/** Parses stdout as JSON, with the whole result in the error when it is not. */
export function json<T = any>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`Not JSON (exit ${result.code}):\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
}
