import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { argument, optionalString } from '../parse.ts';
import { importIdOf, requireParametric, resolveEngine } from './resolve-engine.ts';

export interface HistoryOptions {
  engine: string;
  account: string | undefined;
}

export function parse(input: ParseInput): HistoryOptions {
  return { engine: argument(input, 0, 'ENGINE'), account: optionalString(input, 'account') };
}

/**
 * Every uploaded version of a parametric engine's file, newest first, with its data rows and who
 * uploaded it (an e-mail, or INGEST_API for the account's API key); the live one is marked. A server
 * that does not say rows or uploader leaves the cells empty, and null in --json, so the keys stay.
 */
export async function run(deps: ApiDeps, options: HistoryOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  requireParametric(engine, { allowIngest: true });
  const history = expectOk(await api.parametric.history(importIdOf(engine)), 'Reading the file history');
  const entries = [...history].sort((a, b) => b.version - a.version);
  const live = engine.searchEngineDetail?.version;
  if (output.json) {
    output.printJson(
      entries.map((entry) => ({
        ...entry,
        rowCount: entry.rowCount ?? null,
        uploadedBy: entry.uploadedBy ?? null,
        live: entry.version === live,
      })),
    );
    return;
  }
  output.table(
    ['VERSION', 'FILE', 'UPLOADED', 'ROWS', 'UPLOADED BY', 'LIVE'],
    entries.map((e) => [
      e.version,
      e.originalFileName,
      formatDate(e.uploadDate),
      e.rowCount,
      e.uploadedBy,
      e.version === live ? 'yes' : '',
    ]),
    'No versions.',
  );
}

export const command = apiCommand({ parse, run });
