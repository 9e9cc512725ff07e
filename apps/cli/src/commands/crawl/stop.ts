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

/** `POST datasource/crawler/stop`: URLs not fetched yet become Interrupted until `crawl start`. */
export async function run(deps: ApiDeps, options: StopOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const stopped = expectOk(
    await api.crawler.stop({ accountId: engine.accountId, engineId: engine.id }),
    'Stopping the crawl',
  );
  if (output.json) {
    output.printJson({
      engineId: engine.id,
      name: engine.searchEngineName,
      interrupted: stopped.interrupted,
    });
    return;
  }
  output.success(
    `Crawl of ${engine.searchEngineName} stopped: ${stopped.interrupted} URL(s) interrupted. \`siteseer crawl start ${engine.id}\` resumes it.`,
  );
}

export const command = apiCommand({ parse, run });
