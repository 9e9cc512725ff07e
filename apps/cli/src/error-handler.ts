import { CommanderError } from 'commander';
import {
  ApiRefusedError,
  asProblem,
  CliError,
  EXIT,
  type ExitCode,
  InterruptedError,
  serverTextLine,
} from './errors.ts';
import type { Writer } from './output/output.ts';
import { safeText } from './output/safe-text.ts';

export interface ErrorView {
  stderr: Writer;
  verbose: boolean;
  color: boolean;
}

interface Rendered {
  exitCode: ExitCode;
  message: string;
  /** Shown with --verbose: the server's problem document, a cause, a stack. */
  details?: string | undefined;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function causeText(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause === undefined) return undefined;
  return cause instanceof Error ? `cause: ${cause.message}` : `cause: ${String(cause)}`;
}

type CoreErrors = Pick<
  typeof import('@siteseer/core'),
  | 'NetworkError'
  | 'NoAuthTokenError'
  | 'RequestValidationError'
  | 'ResponseValidationError'
  | 'SearchRefusedError'
  | 'ServerError'
  | 'UnauthorizedError'
>;

/** Turns any error into one line, its details and its exit code. */
export function renderError(error: unknown, core: CoreErrors): Rendered {
  const {
    NetworkError,
    NoAuthTokenError,
    RequestValidationError,
    ResponseValidationError,
    SearchRefusedError,
    ServerError,
    UnauthorizedError,
  } = core;
  if (error instanceof CliError) {
    const message = error.hint ? `${error.message} ${error.hint}` : error.message;
    const details = error instanceof ApiRefusedError ? json(error.body) : causeText(error);
    return { exitCode: error.exitCode, message, details };
  }
  if (error instanceof NoAuthTokenError) {
    return {
      exitCode: EXIT.auth,
      message: 'You are not signed in. Run `siteseer login`, or set SITESEER_TOKEN or SITESEER_API_KEY.',
    };
  }
  if (error instanceof UnauthorizedError) {
    const detail = asProblem(error.body)?.detail;
    return {
      exitCode: EXIT.auth,
      message: `The server refused the credentials${detail ? `: ${detail.replace(/\.$/, '')}` : ''}. Run \`siteseer login\`, or check SITESEER_TOKEN / SITESEER_API_KEY.`,
      details: `${error.method} ${error.url}\n${json(error.body)}`,
    };
  }
  if (error instanceof ServerError) {
    const detail = asProblem(error.body)?.detail ?? serverTextLine(error.errorText);
    return {
      exitCode: EXIT.error,
      message: `The server failed (${error.status}): ${detail}`,
      details: `${error.method} ${error.url}${error.body === undefined ? '' : `\n${json(error.body)}`}`,
    };
  }
  if (error instanceof NetworkError) {
    return {
      exitCode: EXIT.error,
      message: `Could not reach the server (${new URL(error.url).origin}). Check the server URL (--server or SITESEER_SERVER) and your network.`,
      details: `${error.method} ${error.url}\n${causeText(error) ?? ''}`,
    };
  }
  if (error instanceof SearchRefusedError) {
    const detail = asProblem(error.body)?.detail;
    const wait = error.retryAfterSeconds === undefined ? '' : ` Try again in ${error.retryAfterSeconds} s.`;
    return {
      exitCode: EXIT.error,
      message: `The search was refused (${error.status})${detail ? `: ${detail}` : '.'}${wait}`,
      details: `${error.method} ${error.url}\n${json(error.body)}`,
    };
  }
  if (error instanceof RequestValidationError) {
    const issues = error.issues.map((i) => `${i.path.join('.') || error.part}: ${i.message}`).join('; ');
    return { exitCode: EXIT.usage, message: `Invalid input: ${issues}` };
  }
  if (error instanceof ResponseValidationError) {
    return {
      exitCode: EXIT.error,
      message: `The server's answer to ${error.call} was not understood (is the CLI up to date?).`,
      details: `${error.message}\n${json(error.body)}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: EXIT.error,
    message,
    details: error instanceof Error ? error.stack : undefined,
  };
}

/**
 * The one place errors become what the user sees: one line on stderr (details with --verbose)
 * and the exit code: 0 ok, 1 error, 2 usage or cancelled, 4 authentication required, 130 Ctrl-C.
 */
export async function handleError(error: unknown, view: ErrorView): Promise<ExitCode> {
  if (error instanceof CommanderError) {
    // Commander already printed its own message (through configureOutput) or the help.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
    if (error.exitCode === 0) return EXIT.ok;
    return EXIT.usage;
  }
  // Core (and zod) load only when an error needs them: `--help` stays fast.
  const rendered = renderError(error, await import('@siteseer/core'));
  // Ctrl-C is the user's choice, not a failure.
  const label = view.color ? '\u001b[31merror:\u001b[39m ' : 'error: ';
  // The message may quote the server (an engine's name, a problem's detail): safe for a terminal.
  view.stderr.write(`${error instanceof InterruptedError ? '' : label}${safeText(rendered.message)}\n`);
  if (view.verbose && rendered.details) view.stderr.write(`${rendered.details}\n`);
  return rendered.exitCode;
}
