import { type CrawlState, NetworkError, type SearchEngine, ServerError } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, CliError, EXIT, InterruptedError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';
import { type CrawlProgress, crawlProgress } from './watch-progress.ts';
import { watchViewFor } from './watch-view.ts';

/** How many of the URLs checked last the live view lists. */
const RECENT_URLS = 5;
const MIN_INTERVAL_SECONDS = 0.1;

export interface WatchOptions {
  engine: string;
  account: string | undefined;
  /** Between two polls of the report. */
  intervalMs: number;
  /** `--timeout`: how long to watch at most (ms); undefined: until the crawl ends. */
  timeoutMs: number | undefined;
}

/**
 * Transient failures of a report poll (the network, or a proxy/gateway answering 502/503/504
 * while the server restarts) are retried this many times, waiting 1 s, 2 s, 4 s... between tries,
 * before the watch fails: a long crawl watched from CI should not fail on one passing error.
 */
export const TRANSIENT_RETRIES = 3;
const FIRST_RETRY_MS = 1000;

/** Whether a failed poll is worth trying again: not sent, or a gateway's answer. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ServerError && [502, 503, 504].includes(error.status);
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration: a whole number with a unit (ms, s, m, h), several summed (`1h30m`), or a bare number
 * of seconds (`90`). Fractions are refused, as is 0: a watch that may not watch is a mistake.
 */
export function parseDuration(text: string, label: string): number {
  const trimmed = text.trim().toLowerCase();
  const refuse = () =>
    new UsageError(
      `${label} must be a duration such as 90s, 30m, 1h or 1h30m (a bare number is seconds), more than 0 (got '${text}').`,
    );
  if (/^\d+$/.test(trimmed)) {
    if (Number(trimmed) === 0) throw refuse();
    return Number(trimmed) * 1000;
  }
  if (!/^(\d+(ms|s|m|h))+$/.test(trimmed)) throw refuse();
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)(ms|s|m|h)/g)) {
    total += Number(amount) * (UNITS[unit as string] ?? 0);
  }
  if (total === 0) throw refuse();
  return total;
}

/** A duration for people: `1h30m`, `45s`, `250ms`. */
function durationText(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return [h ? `${h}h` : '', m ? `${m}m` : '', s ? `${s}s` : ''].join('') || '0s';
}

/** Seconds between polls: 1 by default, fractions allowed (tests and fast local crawls). */
export function parseInterval(text: string | undefined): number {
  if (text === undefined) return 1000;
  const seconds = Number(text.trim());
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || seconds < MIN_INTERVAL_SECONDS) {
    throw new UsageError(
      `--interval must be a number of seconds, ${MIN_INTERVAL_SECONDS} or more (got '${text}').`,
    );
  }
  return Math.round(seconds * 1000);
}

function timeoutOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseDuration(text, '--timeout');
}

export function parse(input: ParseInput): WatchOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    intervalMs: parseInterval(optionalString(input, 'interval')),
    timeoutMs: timeoutOf(optionalString(input, 'timeout')),
  };
}

/** Ctrl-C while watching aborts the returned signal: the watch ends, the crawl goes on. */
function interruptOnSigint(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  // `on`, not `once`: Ink's exit hook kills the process again with the signal when it finds no
  // other SIGINT listener, and a `once` one is gone by the time it looks.
  process.on('SIGINT', abort);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', abort) };
}

/** How the crawl ended: exit 0 when it finished, 1 saying so when it failed or was stopped. */
function conclude(
  deps: ApiDeps,
  engine: SearchEngine,
  state: Exclude<CrawlState, 'crawling'>,
  progress: CrawlProgress,
): void {
  const name = engine.searchEngineName;
  const fetched = `${progress.fetched} of ${progress.known} URL(s) fetched`;
  switch (state) {
    case 'finished':
      deps.output.success(`The crawl of ${name} finished: ${fetched}.`);
      return;
    case 'failed':
      throw new AbortError(`The crawl of ${name} failed: ${fetched}.`, {
        hint: `\`siteseer crawl report ${engine.id}\` shows each URL's status.`,
      });
    case 'stopped':
      throw new AbortError(`The crawl of ${name} was stopped before it finished: ${fetched}.`, {
        hint: `\`siteseer crawl start ${engine.id}\` resumes it.`,
      });
  }
}

/** The --timeout was reached: the watch ends (exit 124), the crawl goes on. */
function timedOut(engine: SearchEngine, progress: CrawlProgress, timeoutMs: number): CliError {
  return new CliError(
    `Stopped watching after ${durationText(timeoutMs)} (--timeout): the crawl of ${engine.searchEngineName} is still running, ${progress.fetched} of ${progress.known} URL(s) fetched; it goes on.`,
    {
      exitCode: EXIT.timedOut,
      hint: `\`siteseer crawl watch ${engine.id}\` follows it again; \`siteseer crawl stop ${engine.id}\` stops it.`,
    },
  );
}

/**
 * Polls the crawl report every interval until the crawl ends, showing each poll (a live view on a
 * terminal, lines otherwise). The report is asked for the URLs checked last (`order: 'recent'`).
 */
export async function run(deps: ApiDeps, options: WatchOptions): Promise<void> {
  const { api, clock, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const view = await watchViewFor(output, engine.searchEngineName, { ci: deps.env.ci });
  const interrupt = interruptOnSigint();
  const stopped = () =>
    new InterruptedError(
      'Stopped watching; the crawl goes on.',
      `\`siteseer crawl stop ${engine.id}\` stops it.`,
    );
  const pause = (ms: number) =>
    clock.sleep(ms, interrupt.signal).catch((error: unknown) => {
      if (interrupt.signal.aborted) throw stopped();
      throw error;
    });
  const read = () =>
    api.crawler.report({
      accountId: engine.accountId,
      engineId: engine.id,
      resultSize: RECENT_URLS,
      order: 'recent',
    });
  /** One read of the report, a transient failure tried again with backoff (said on stderr). */
  const deadline = options.timeoutMs === undefined ? undefined : clock.now() + options.timeoutMs;
  const readWithRetries = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        if (interrupt.signal.aborted) throw stopped();
        if (!isTransient(error) || attempt >= TRANSIENT_RETRIES) throw error;
        // --timeout bounds the retries too: no wait past it (the failure is then the answer).
        const wait = Math.min(
          FIRST_RETRY_MS * 2 ** attempt,
          deadline === undefined ? Number.POSITIVE_INFINITY : deadline - clock.now(),
        );
        if (wait <= 0) throw error;
        const why =
          error instanceof ServerError
            ? `the server answered ${error.status}`
            : 'the server could not be reached';
        output.warn(
          `Reading the crawl report failed (${why}); trying again in ${durationText(wait)} (${attempt + 1} of ${TRANSIENT_RETRIES}).`,
        );
        await pause(wait);
      }
    }
  };
  const poll = async (previous: CrawlProgress | undefined) => {
    const report = expectOk(await readWithRetries(), 'Reading the crawl report');
    if (interrupt.signal.aborted) throw stopped();
    const progress = crawlProgress(report, clock.now(), previous);
    view.show(progress);
    return progress;
  };
  try {
    let progress = await poll(undefined);
    while (progress.state === 'crawling') {
      const left = deadline === undefined ? options.intervalMs : deadline - clock.now();
      if (left <= 0) {
        view.close();
        throw timedOut(engine, progress, options.timeoutMs ?? 0);
      }
      // The last wait is cut to the deadline, and the report read once more then: a crawl that
      // ends just in time is a success, not a timeout.
      await pause(Math.min(options.intervalMs, left));
      progress = await poll(progress);
    }
    // The last frame stays put, with the outcome below it.
    view.close();
    conclude(deps, engine, progress.state, progress);
  } finally {
    view.close();
    interrupt.dispose();
  }
}

export const command = apiCommand({ parse, run });
