import { stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatBytes } from '../../output/format.ts';
import { argument, flag, optionalPositiveInt, optionalString } from '../parse.ts';
import { requireParametric, resolveEngine } from './resolve-engine.ts';

export interface DownloadOptions {
  engine: string;
  account: string | undefined;
  version: number | undefined;
  /** Where to write: a path, '-' for stdout, or the file's own name when absent. */
  output: string | undefined;
  clobber: boolean;
  /** The dataset export's format (cells escaped against formula injection). */
  format: 'csv' | 'xlsx';
  /** The uploaded file as it was instead (not escaped). */
  original: boolean;
}

function formatOf(text: string | undefined): 'csv' | 'xlsx' {
  const format = (text ?? 'csv').toLowerCase();
  if (format === 'csv' || format === 'xlsx') return format;
  throw new UsageError(`--format must be csv or xlsx (got '${text}').`);
}

export function parse(input: ParseInput): DownloadOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    version: optionalPositiveInt(input, 'version'),
    output: optionalString(input, 'output'),
    clobber: flag(input, 'clobber'),
    format: formatOf(optionalString(input, 'format')),
    original: flag(input, 'original'),
  };
}

/** The file name of a Content-Disposition header, if any (RFC 6266, plain or UTF-8 form). */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/** What is at `path` already: nothing, a file, or a directory. */
async function existing(path: string): Promise<'none' | 'file' | 'directory'> {
  try {
    return (await stat(path)).isDirectory() ? 'directory' : 'file';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
}

/** Writes the file; a target that cannot be written is a usage error naming it, not a system code. */
async function save(target: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFile(target, bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new UsageError(`Cannot write ${target}: the folder ${dirname(target)} does not exist.`);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
      throw new UsageError(`Cannot write ${target}: permission denied.`);
    throw error;
  }
}

/**
 * Downloads a version of a parametric engine's data (the published one by default): the dataset
 * export, its cells escaped against formula injection (a cell starting with =, +, - or @ is not run
 * by a spreadsheet), or with --original the file as it was uploaded.
 */
export async function run(deps: ApiDeps, options: DownloadOptions): Promise<void> {
  const { api, output } = deps;
  // `-o -` puts the file itself on stdout, where --json promises JSON alone: a script that asked
  // for both would parse CSV (or XLSX bytes) as JSON. Refused before anything is sent.
  if (options.output === '-' && output.json)
    throw new UsageError(
      '--json cannot be used with -o -: the file itself goes to stdout.',
      'Leave out --json to pipe the file, or save it with -o PATH --json to get its name, size and version as JSON.',
    );
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  requireParametric(engine);
  const version = options.version === undefined ? {} : { version: options.version };
  const response = options.original
    ? await api.parametric.download({ engineId: engine.id, accountId: engine.accountId, ...version })
    : await api.engines.download(engine.id, options.format, { accountId: engine.accountId, ...version });
  const blob = expectOk(response, 'Downloading the file');
  const bytes = new Uint8Array(await blob.arrayBuffer());

  if (options.output === '-') {
    output.stdout.write(bytes);
    return;
  }
  const target =
    options.output ??
    dispositionFileName(response.headers.get('content-disposition'))?.replace(/[/\\]/g, '_') ??
    (options.original ? engine.searchEngineDetail?.originalFileName : undefined) ??
    `${engine.id}.${options.format}`;
  const there = await existing(target);
  if (there === 'directory') {
    throw new UsageError(`${target} is a directory.`, 'Pass a file name with -o, e.g. -o products.csv.');
  }
  if (!options.clobber && there === 'file') {
    throw new AbortError(`${target} already exists.`, {
      hint: 'Pass --clobber to overwrite it, or -o to choose another name.',
    });
  }
  await save(target, bytes);
  // Without --version the published version is downloaded: the engine's current file says which.
  const downloaded = options.version ?? engine.searchEngineDetail?.version ?? null;
  if (output.json) output.printJson({ file: target, bytes: bytes.byteLength, version: downloaded });
  else output.success(`Saved ${target} (${formatBytes(bytes.byteLength)}).`);
}

export const command = apiCommand({ parse, run });
