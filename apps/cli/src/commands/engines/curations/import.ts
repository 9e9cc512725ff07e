import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { MESSAGES, parseCsv, readResultRankingFile } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../../deps.ts';
import { UsageError } from '../../../errors.ts';
import { argument, flag, optionalString, requiredString } from '../../parse.ts';
import { resolveEngine } from '../resolve-engine.ts';
import { RANKING_OFF_HINT, readCurations, saveCurations } from './curations-of.ts';

export interface ImportOptions {
  engine: string;
  account: string | undefined;
  file: string;
  enable: boolean;
}

export function parse(input: ParseInput): ImportOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    file: requiredString(input, 'file'),
    enable: flag(input, 'enable'),
  };
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`No such file: ${path}`);
    throw error;
  }
}

/**
 * Replaces a keyword engine's curations with a result ranking CSV, as Load CSV does in the
 * Influence step: the spec's rows (query, then pinned URLs) and the optional `hidden:` column. The
 * file is checked before anything is sent; one without a usable row is refused.
 */
export async function run(deps: ApiDeps, options: ImportOptions): Promise<void> {
  const { api, output } = deps;
  const read = readResultRankingFile(
    { name: basename(options.file) },
    parseCsv(await readText(options.file)),
  );
  if (!read.ok) throw new UsageError(`${basename(options.file)}: ${read.error}`);
  if (read.value.length === 0)
    throw new UsageError(`${basename(options.file)}: ${MESSAGES.rankingFileEmpty}`);
  const found = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const curations = await readCurations(api, found);
  const enabled = curations.enabled || options.enable;
  await saveCurations(api, curations, { entries: read.value, enabled });
  const count = read.value.length;
  if (output.json) {
    output.printJson({ enabled, replaced: curations.entries.length, entries: count });
    return;
  }
  output.success(
    `Loaded ${basename(options.file)}: ${count} ${count === 1 ? 'entry' : 'entries'} on ${found.searchEngineName}, replacing ${curations.entries.length}.`,
  );
  if (!enabled) output.warn(RANKING_OFF_HINT);
}

export const command = apiCommand({ parse, run });
