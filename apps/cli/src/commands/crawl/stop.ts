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
 * The server stops only a running crawl: a finished, failed or already stopped one answers 0
 * interrupted and stays as it was. Stopping what does not run is an idempotent no-op, as for
 * `crawl publish` of the published crawl: exit 0, saying nothing changed (not "stopped ...
 * resumes it", which would send someone to restart a crawl that had finished). `changed` in the
 * JSON tells a script which it was.
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
  // A running crawl with nothing left to interrupt was still stopped (its state changed).
  const changed = interrupted > 0 || state === 'crawling';
  if (output.json) {
    output.printJson({ engineId: engine.id, name: engine.searchEngineName, interrupted, state, changed });
    return;
  }
  if (!changed) {
    output.info(`The crawl of ${engine.searchEngineName} is not running (${state}): nothing changed.`);
    return;
  }
  output.success(
    `Crawl of ${engine.searchEngineName} stopped: ${interrupted} URL(s) interrupted. \`siteseer crawl start ${engine.id}\` resumes it.`,
  );
}

export const command = apiCommand({ parse, run });
