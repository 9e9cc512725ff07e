import { join, resolve } from 'node:path';
import { BUILD_LOG } from './build-log.ts';
import { runQuietly } from './quiet-run.ts';

// `pnpm start`'s first half: the root `build` script (widget and portal), quietly, so the server's
// address and demo logins are what the terminal shows. The log is kept for whoever wants it.
const root = resolve(import.meta.dirname, '../..');
const logFile = join(root, BUILD_LOG);

/** The pnpm that runs this script (npm_execpath), run by this Node when it is a script file. */
function pnpm(args: string[]): { command: string; args: string[] } {
  const execPath = process.env.npm_execpath;
  if (!execPath) return { command: 'pnpm', args };
  return /\.[cm]?js$/.test(execPath)
    ? { command: process.execPath, args: [execPath, ...args] }
    : { command: execPath, args };
}

const started = performance.now();
process.stdout.write(`Building the portal and the widget (output in ${BUILD_LOG})…\n`);
const code = await runQuietly({ ...pnpm(['build']), cwd: root, logFile }, process.stderr);
if (code !== 0) {
  process.stderr.write(`\nThe build failed (exit code ${code}); its output is above and in ${BUILD_LOG}.\n`);
  process.exit(code);
}
process.stdout.write(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
