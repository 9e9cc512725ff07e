import { createRequire } from 'node:module';
import { safeText } from './safe-text.ts';

// cli-table3 (and the string-width modules under it) is required when a table is first printed:
// JSON output, `search --json` included, never loads it. It is CommonJS, so `require` loads it
// synchronously where `table` needs it.
const require = createRequire(import.meta.url);
const loadTable = (): typeof import('cli-table3') => require('cli-table3');

/** Where text goes: a stream's `write` and whether it is a terminal. */
export interface Writer {
  write(chunk: string | Uint8Array): unknown;
  readonly isTTY?: boolean | undefined;
  /** A terminal's width in characters. */
  readonly columns?: number | undefined;
}

/** The width laid out for when the terminal does not say (or is not one). */
const DEFAULT_WIDTH = 100;

export interface OutputOptions {
  stdout: Writer;
  stderr: Writer;
  /** `--json`: data is printed as JSON on stdout. */
  json: boolean;
  /** Colours on stderr/stdout (a terminal, NO_COLOR unset, no --no-color). */
  color: boolean;
  /** May the CLI ask questions: stdin and stderr are terminals and CI is unset. */
  interactive: boolean;
  /** `--verbose`. */
  verbose?: boolean;
}

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};
export type Style = keyof typeof ANSI;

/**
 * What commands print: data on stdout (a table, key/values, or JSON with --json), messages on
 * stderr. Colour only on a terminal without NO_COLOR; no escape codes in piped output.
 */
export class Output {
  readonly json: boolean;
  readonly color: boolean;
  readonly interactive: boolean;
  readonly verbose: boolean;
  readonly stdout: Writer;
  readonly stderr: Writer;

  constructor(options: OutputOptions) {
    this.stdout = options.stdout;
    this.stderr = options.stderr;
    this.json = options.json;
    this.color = options.color;
    this.interactive = options.interactive;
    this.verbose = options.verbose ?? false;
  }

  /** The same output with data going to stderr (a table shown as progress, not as the result). */
  onStderr(): Output {
    return new Output({
      stdout: this.stderr,
      stderr: this.stderr,
      json: false,
      color: this.color,
      interactive: this.interactive,
      verbose: this.verbose,
    });
  }

  /** Whether stderr is a terminal (live views, progress bars). */
  get stderrIsTTY(): boolean {
    return this.stderr.isTTY === true;
  }

  get stdoutIsTTY(): boolean {
    return this.stdout.isTTY === true;
  }

  /** The width of stdout's terminal in characters (DEFAULT_WIDTH when unknown). */
  get width(): number {
    const columns = this.stdout.columns;
    return typeof columns === 'number' && columns > 0 ? columns : DEFAULT_WIDTH;
  }

  /** Text with an ANSI style when colours are on. */
  style(style: Style, text: string): string {
    if (!this.color) return text;
    const [open, close] = ANSI[style];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  }

  /** A line of data on stdout. */
  line(text = ''): void {
    this.stdout.write(`${text}\n`);
  }

  /** A value as JSON on stdout (what --json prints). */
  printJson(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A value as JSON on one line of stdout (a stream of records a script reads line by line). */
  printJsonLine(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value)}\n`);
  }

  /**
   * A message on stderr. Messages name what the server holds (engine, file and user names), so
   * they are made safe for a terminal; the CLI's own styles go on around them (success, warn).
   */
  info(message: string): void {
    this.stderr.write(`${safeText(message)}\n`);
  }

  success(message: string): void {
    this.stderr.write(`${this.style('green', '✓')} ${safeText(message)}\n`);
  }

  warn(message: string): void {
    this.stderr.write(`${this.style('yellow', '!')} ${safeText(message)}\n`);
  }

  /** A detail shown only with --verbose. */
  debug(message: string): void {
    if (this.verbose) this.stderr.write(`${this.style('dim', safeText(message))}\n`);
  }

  /** Rows as a borderless table on stdout; `empty` is printed (on stderr) when there are none. */
  table(
    head: readonly string[],
    rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
    empty?: string,
  ): void {
    if (rows.length === 0 && empty !== undefined) {
      this.info(empty);
      return;
    }
    const Table = loadTable();
    const table = new Table({
      head: head.map((h) => this.style('bold', h)),
      chars: BORDERLESS,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
    });
    // Cells hold what the server, crawled sites and visitors wrote: made safe for a terminal.
    for (const row of rows)
      table.push(row.map((cell) => (cell === null || cell === undefined ? '' : safeText(String(cell)))));
    this.line(trimLines(table.toString()));
  }

  /** Label/value pairs, one per line, labels aligned. */
  details(pairs: readonly (readonly [string, string | number | boolean | null | undefined])[]): void {
    const width = Math.max(0, ...pairs.map(([label]) => label.length));
    for (const [label, value] of pairs) {
      const text = value === null || value === undefined || value === '' ? '-' : safeText(String(value));
      this.line(`${this.style('bold', `${label}:`.padEnd(width + 1))} ${text}`);
    }
  }
}

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
};

function trimLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
