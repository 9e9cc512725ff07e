import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A command whose output belongs in a log file unless it fails. */
export interface QuietCommand {
  command: string;
  args: readonly string[];
  cwd: string;
  logFile: string;
}

/** Where a quiet run's messages go (the terminal's stderr in `pnpm start`). */
export interface QuietOutput {
  write(text: string): unknown;
}

/**
 * Runs the command with its stdout and stderr written to `logFile` only, so that a successful run
 * leaves the terminal to what comes next; when it fails, its whole output is printed to `output`
 * after all. Resolves to the command's exit code (1 when a signal ended it).
 */
export function runQuietly(run: QuietCommand, output: QuietOutput): Promise<number> {
  mkdirSync(dirname(run.logFile), { recursive: true });
  const log = openSync(run.logFile, 'w');
  return new Promise<number>((resolve, reject) => {
    const child = spawn(run.command, run.args, { cwd: run.cwd, stdio: ['ignore', log, log] });
    // A command that cannot start emits 'error' and then 'close': the first one settles the run.
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      closeSync(log);
      finish();
    };
    child.once('error', (error) => settle(() => reject(error)));
    child.once('close', (code) =>
      settle(() => {
        if (code !== 0) output.write(readFileSync(run.logFile, 'utf8'));
        resolve(code ?? 1);
      }),
    );
  });
}
