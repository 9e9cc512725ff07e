import { inspectionSteps, type UrlInspection } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import type { Output } from '../../output/output.ts';
import { argument, optionalString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';

export interface InspectOptions {
  engine: string;
  url: string;
  account: string | undefined;
}

export function parse(input: ParseInput): InspectOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    url: argument(input, 1, 'URL'),
    account: optionalString(input, 'account'),
  };
}

/**
 * `POST datasource/crawler/inspect`: "why is this page not in my search?". The server fetches the
 * URL now as the engine's crawler would and explains each step; nothing is stored. --json prints
 * the answer as it is; otherwise the reasons first, then a line per step.
 */
export async function run(deps: ApiDeps, options: InspectOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const inspection = expectOk(
    await api.crawler.inspect({ accountId: engine.accountId, engineId: engine.id, url: options.url }),
    'Inspecting the URL',
  );
  if (output.json) {
    output.printJson(inspection);
    return;
  }
  printInspection(output, inspection);
}

/** The inspection for people: verdict and reasons, then each step the crawler took. */
function printInspection(output: Output, inspection: UrlInspection): void {
  const verdict = inspection.indexable
    ? output.style('green', 'indexable')
    : output.style('red', 'not indexable');
  output.line(`${output.style('bold', inspection.url)}: ${verdict}`);
  for (const reason of inspection.reasons) output.line(`  ${output.style('red', '✗')} ${reason}`);
  for (const note of inspection.notes) output.line(`  - ${note}`);
  output.line();
  output.details(inspectionSteps(inspection));
}

export const command = apiCommand({ parse, run });
