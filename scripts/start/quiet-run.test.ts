import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runQuietly } from './quiet-run.ts';

function nodeCommand(source: string) {
  const dir = mkdtempSync(join(tmpdir(), 'siteseer-quiet-run-'));
  return {
    command: process.execPath,
    args: ['-e', source],
    cwd: dir,
    logFile: join(dir, 'logs', 'build.log'),
  };
}

function collected() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

describe('runQuietly', () => {
  it('Given a command that succeeds, then its output is in the log file and nothing is printed', async () => {
    const run = nodeCommand("console.log('vite built 42 modules'); console.error('a warning')");
    const output = collected();
    expect(await runQuietly(run, output)).toBe(0);
    expect(output.text()).toBe('');
    expect(readFileSync(run.logFile, 'utf8')).toBe('vite built 42 modules\na warning\n');
  });

  it('Given a command that fails, then its whole output is printed and its exit code returned', async () => {
    const run = nodeCommand("console.log('compiling'); console.error('error TS2322'); process.exit(3)");
    const output = collected();
    expect(await runQuietly(run, output)).toBe(3);
    expect(output.text()).toBe('compiling\nerror TS2322\n');
    expect(readFileSync(run.logFile, 'utf8')).toBe('compiling\nerror TS2322\n');
  });

  it('Given a command that does not exist, then the run rejects with its error', async () => {
    const run = { ...nodeCommand(''), command: join(tmpdir(), 'no-such-siteseer-command') };
    await expect(runQuietly(run, collected())).rejects.toThrow(/ENOENT/);
  });
});
