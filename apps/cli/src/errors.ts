/**
 * The CLI's errors: each says what happens next, and carries its exit code. They are thrown
 * inline and translated to a message and an exit code in one place (`error-handler.ts`).
 */

export const EXIT = {
  ok: 0,
  error: 1,
  /** A usage error, or the user cancelled (a confirmation that did not match, a "no"). */
  usage: 2,
  /** Not signed in, or the credentials were refused: run `siteseer login`. */
  auth: 4,
  /**
   * `crawl watch --timeout` was reached while the crawl was still running (the crawl goes on), as
   * `timeout(1)` reports it: a script tells a crawl not done yet apart, exit 1 being a failure.
   */
  timedOut: 124,
  /** Ctrl-C (SIGINT) ended a command that runs until told to stop, as shells report it (128 + 2). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Base class: a message for the user, an optional hint, and the exit code. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  /** What to do about it, shown on a second line. */
  readonly hint: string | undefined;

  constructor(message: string, options: { exitCode?: ExitCode; hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.exitCode = options.exitCode ?? EXIT.error;
    this.hint = options.hint;
  }
}

/** The command line is wrong: a missing or invalid option or argument. Exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.usage, hint });
  }
}

/** The user (or a confirmation that did not match) stopped the command; nothing was changed. Exit 2. */
export class CancelledError extends CliError {
  constructor(message = 'Cancelled.', hint?: string) {
    super(message, { exitCode: EXIT.usage, hint });
  }
}

/** No usable credentials. Exit 4. */
export class AuthRequiredError extends CliError {
  constructor(
    message = 'You are not signed in.',
    hint = 'Run `siteseer login`, or set SITESEER_TOKEN or SITESEER_API_KEY.',
  ) {
    super(message, { exitCode: EXIT.auth, hint });
  }
}

/** A command that needs a person was run with SITESEER_API_KEY. Exit 4. */
export class ApiKeyRefusedError extends AuthRequiredError {
  constructor(
    what = 'be used for this command',
    hint = 'Sign in (`siteseer login`) or use SITESEER_TOKEN for this command.',
  ) {
    super(
      `An API key cannot ${what}: with SITESEER_API_KEY only \`engines create parametric\`, \`engines upload ENGINE-ID\` and \`analytics ENGINE-ID\` work.`,
      hint,
    );
  }
}

/** Ctrl-C stopped a long-running command (`crawl watch`): shown without "error:". Exit 130. */
export class InterruptedError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.interrupted, hint });
  }
}

/** Something the user can fix that is neither usage nor authentication (a missing file, a rule). Exit 1. */
export class AbortError extends CliError {}

/** An RFC 9457 problem document, as the API sends it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  [extra: string]: unknown;
}

/** The server refused a call with a status below 500 (other than 401). Exit 1 (4 for 401/403 of a session). */
export class ApiRefusedError extends CliError {
  readonly status: number;
  /** The problem document, or the raw body when it is not one. */
  readonly body: unknown;

  constructor(status: number, body: unknown, what?: string) {
    const problem = asProblem(body);
    const raw = typeof body === 'string' && body.trim() ? body : undefined;
    const text =
      problem?.detail ??
      problem?.title ??
      (raw === undefined
        ? undefined
        : isHtmlPage(raw)
          ? `the server answered ${status} with ${HTML_PAGE}`
          : firstLine(raw));
    const prefix = what ? `${what}: ` : '';
    super(`${prefix}${text ?? `the server answered ${status}`}`, {
      exitCode: status === 401 ? EXIT.auth : EXIT.error,
    });
    this.status = status;
    this.body = body;
  }
}

const HTML_PAGE =
  'an HTML page, not an answer of the Siteseer API (is the server URL right? --verbose shows the page)';

/** Whether a body is a web page (another site's, or a proxy's error page) rather than API text. */
function isHtmlPage(text: string): boolean {
  return /^\s*<(!doctype\s+html|html|head|body)[\s>]/i.test(text);
}

/** A text body as one line, cut at 300 characters: an error stays short. */
function firstLine(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * Text a server sent instead of a problem document, as the one line of an error: an HTML page is
 * named, not printed whole into the terminal or the CI log; other text is kept, on one line.
 */
export function serverTextLine(text: string): string {
  return isHtmlPage(text) ? HTML_PAGE : firstLine(text);
}

/** The body as a problem document, when it looks like one. */
export function asProblem(body: unknown): Problem | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const candidate = body as Problem;
  return typeof candidate.detail === 'string' || typeof candidate.title === 'string' ? candidate : undefined;
}
