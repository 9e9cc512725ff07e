import { engineIndexName, MESSAGES, PRODUCT_NAMES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { argument, optionalString } from '../parse.ts';
import { engineJson } from './engine-json.ts';
import { resolveEngine } from './resolve-engine.ts';

export interface ShowOptions {
  engine: string;
  account: string | undefined;
}

export function parse(input: ParseInput): ShowOptions {
  return { engine: argument(input, 0, 'ENGINE'), account: optionalString(input, 'account') };
}

export async function run(deps: ApiDeps, options: ShowOptions): Promise<void> {
  const { api, output } = deps;
  const found = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const engine = expectOk(
    await api.engines.get(found.id, { accountId: found.accountId }),
    'Reading the engine',
  );
  if (output.json) {
    output.printJson(engineJson(engine));
    return;
  }
  const detail = engine.searchEngineDetail;
  output.details([
    ['Name', engine.searchEngineName],
    ['ID', engine.id],
    ['Type', PRODUCT_NAMES[engine.searchEngineType]],
    ['Account', engine.accountId],
    ['Locator', engineIndexName(engine)],
    ['Created', `${formatDate(engine.createdDate)} by ${engine.createdBy}`],
    [
      'Updated',
      engine.updatedDate ? `${formatDate(engine.updatedDate)} by ${engine.updatedBy ?? '?'}` : undefined,
    ],
    ...(engine.searchEngineType === 'pm'
      ? ([
          ['Current file', detail ? detail.originalFileName : MESSAGES.engineDetailsMissing],
          ['Version', detail?.version],
          ['Upload date', formatDate(detail?.uploadDate)],
        ] as const)
      : ([['Sites', engine.urls.join(', ')]] as const)),
  ]);
}

export const command = apiCommand({ parse, run });
