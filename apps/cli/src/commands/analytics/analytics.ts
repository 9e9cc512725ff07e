import {
  ANALYTICS_PERIODS,
  ANALYTICS_REPORTS,
  type AnalyticsPeriodName,
  type AnalyticsReportName,
  isAnalyticsDay,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { checkApiKeyAccount } from '../accounts/resolve-account.ts';
import { keyEngine } from '../engines/ingest.ts';
import { resolveEngine } from '../engines/resolve-engine.ts';
import { argument, oneOf, optionalPositiveInt, optionalString } from '../parse.ts';
import { printReport } from './report-view.ts';

export interface AnalyticsOptions {
  engine: string;
  account: string | undefined;
  report: AnalyticsReportName;
  from: string | undefined;
  to: string | undefined;
  period: Exclude<AnalyticsPeriodName, 'custom'> | undefined;
  limit: number | undefined;
  /** Count the CLI's own searches in the summary too. */
  includeCli: boolean;
}

export const LIMIT_MAX = 1000;

function day(input: ParseInput, name: 'from' | 'to'): string | undefined {
  const value = optionalString(input, name)?.trim();
  if (value !== undefined && !isAnalyticsDay(value))
    throw new UsageError(`--${name} must be a date written YYYY-MM-DD (got '${value}').`);
  return value;
}

export function parse(input: ParseInput): AnalyticsOptions {
  const from = day(input, 'from');
  const to = day(input, 'to');
  const period = oneOf(
    optionalString(input, 'period'),
    ANALYTICS_PERIODS.filter((p) => p !== 'custom'),
    '--period',
  );
  if (period && (from || to)) throw new UsageError('--period cannot be used with --from or --to.');
  if (from && to && from > to) throw new UsageError(`--from (${from}) must not be after --to (${to}).`);
  const limit = optionalPositiveInt(input, 'limit');
  if (limit !== undefined && limit > LIMIT_MAX)
    throw new UsageError(`--limit is at most ${LIMIT_MAX} (got ${limit}).`);
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    report: oneOf(optionalString(input, 'report'), ANALYTICS_REPORTS, '--report') ?? 'summary',
    from,
    to,
    period,
    limit,
    includeCli: input.opts.includeCli === true,
  };
}

/**
 * One analytics report of an engine (GET analytics/{engineId}/report): tables on a terminal, the
 * call's JSON for scripts. With an API key ENGINE must be an engine id of the key's account.
 */
export async function run(deps: ApiDeps, options: AnalyticsOptions): Promise<void> {
  if (deps.auth === 'apiKey') await checkApiKeyAccount(deps.api, options.account);
  // A key cannot look names up: ENGINE is an id of its account (a name is refused naming the id).
  const engine =
    deps.auth === 'apiKey'
      ? await keyEngine(deps, options.engine)
      : await resolveEngine(deps.api, options.engine, { account: options.account });
  const report = expectOk(
    await deps.api.analytics.report(engine.id, {
      report: options.report,
      ...(options.period ? { period: options.period } : {}),
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.includeCli ? { include: 'cli' as const } : {}),
    }),
    `Reading the analytics of '${engine.searchEngineName}'`,
  );
  const { output } = deps;
  if (output.json || !output.stdoutIsTTY) {
    output.printJson(report);
    return;
  }
  printReport(output, engine.searchEngineName, report);
}

export const command = apiCommand({ parse, run, acceptsApiKey: true });
