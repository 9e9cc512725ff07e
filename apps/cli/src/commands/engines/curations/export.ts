import { writeFile } from 'node:fs/promises';
import { DOWNLOAD_FILE_NAMES, formatCsv, resultRankingToRows } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../../deps.ts';
import { UsageError } from '../../../errors.ts';
import { argument, optionalString } from '../../parse.ts';
import { resolveEngine } from '../resolve-engine.ts';
import { readCurations } from './curations-of.ts';

export interface ExportOptions {
  engine: string;
  account: string | undefined;
  /** Where to write the CSV: a path, or '-' (the default) for stdout. */
  output: string;
}

export function parse(input: ParseInput): ExportOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    output: optionalString(input, 'output') ?? '-',
  };
}

/**
 * Writes a keyword engine's curations as the portal's current-result-ranking.csv: the spec's rows,
 * and the `hidden:` column at the end when an entry hides URLs. `import` reads it back.
 */
export async function run(deps: ApiDeps, options: ExportOptions): Promise<void> {
  const { api, output } = deps;
  if (output.json && options.output === '-')
    throw new UsageError('--json cannot be used with -o -: the CSV itself goes to stdout.');
  const found = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const { entries } = await readCurations(api, found);
  const csv = formatCsv(resultRankingToRows(entries));
  if (options.output === '-') {
    output.stdout.write(csv);
    return;
  }
  await writeFile(options.output, csv);
  if (output.json) output.printJson({ file: options.output, entries: entries.length });
  else
    output.success(
      `Saved ${entries.length} entries to ${options.output} (as ${DOWNLOAD_FILE_NAMES.currentResultRanking}).`,
    );
}

export const command = apiCommand({ parse, run });
