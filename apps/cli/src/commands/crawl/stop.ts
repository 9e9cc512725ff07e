import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';

export interface StopOptions {
  engine: string;
  account: string | undefined;
}

export function parse(input: ParseInput): StopOptions {
  return { engine: argument(input, 0, 'ENGINE'), account: optionalString(input, 'account') };
}

/**
 * `POST datasource/crawler/stop`: URLs not fetched yet become Interrupted until `crawl start`.
 * The server stops only a running crawl: a finished or failed one answers 0 interrupted and stays
 * as it was, so the command then says it was not running, rather than "stopped ... resumes it",
 * which would send someone to restart a crawl that had finished.
 */
export async function run(deps: ApiDeps, options: StopOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const target = { accountId: engine.accountId, engineId: engine.id };
  const { interrupted } = expectOk(await api.crawler.stop(target), 'Stopping the crawl');
  const state =
    interrupted > 0
      ? 'stopped'
      : (expectOk(await api.crawler.report({ ...target, resultSize: 1 }), 'Reading the crawl').state ??
        'stopped');
  if (output.json) {
    output.printJson({ engineId: engine.id, name: engine.searchEngineName, interrupted, state });
    return;
  }
  if (state === 'finished' || state === 'failed') {
    output.info(`The crawl of ${engine.searchEngineName} is not running (${state}): nothing to stop.`);
    return;
  }
  output.success(
    `Crawl of ${engine.searchEngineName} stopped: ${interrupted} URL(s) interrupted. \`siteseer crawl start ${engine.id}\` resumes it.`,
  );
}

export const command = apiCommand({ parse, run });
