import { readEnv } from './env.ts';
import { EXIT, type ExitCode } from './errors.ts';
import { nodeHttpFetch } from './http/node-http-fetch.ts';
import { createProgram } from './program.ts';
import type { Runtime } from './runtime.ts';

/** Runs the CLI with `argv` (without node and the script) and returns the exit code. */
export async function main(argv: readonly string[], runtime: Runtime): Promise<ExitCode> {
  try {
    await (await createProgram(runtime, argv)).parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    const { handleError } = await import('./error-handler.ts');
    const noColor = argv.includes('--no-color') || readEnv(runtime.env).noColor;
    return await handleError(error, {
      stderr: runtime.stderr,
      verbose: argv.includes('--verbose'),
      color: !noColor && runtime.stderr.isTTY === true,
    });
  }
}

/** The real process as a Runtime. */
export function processRuntime(): Runtime {
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    fetch: globalThis.fetch,
    searchFetch: nodeHttpFetch,
    platform: process.platform,
  };
}
