import type { CrawlState, SearchEngine } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, InterruptedError, UsageError } from '../../errors.ts';
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

export function parse(input: ParseInput): WatchOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    intervalMs: parseInterval(optionalString(input, 'interval')),
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
  const poll = async (previous: CrawlProgress | undefined) => {
    const report = expectOk(
      await api.crawler.report({
        accountId: engine.accountId,
        engineId: engine.id,
        resultSize: RECENT_URLS,
        order: 'recent',
      }),
      'Reading the crawl report',
    );
    if (interrupt.signal.aborted) throw stopped();
    const progress = crawlProgress(report, clock.now(), previous);
    view.show(progress);
    return progress;
  };
  try {
    let progress = await poll(undefined);
    while (progress.state === 'crawling') {
      await clock.sleep(options.intervalMs, interrupt.signal).catch((error: unknown) => {
        if (interrupt.signal.aborted) throw stopped();
        throw error;
      });
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
