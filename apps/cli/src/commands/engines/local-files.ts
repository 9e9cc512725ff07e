import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  decodeLabel,
  isConfigurationValid,
  ParametricConfiguration,
  validateParametricConfiguration,
  validateUploadFile,
} from '@siteseer/core';
import { UsageError } from '../../errors.ts';

/** A CSV or XLSX file read for upload: its bytes, name and SHA-256. */
export interface UploadFile {
  blob: Blob;
  filename: string;
  size: number;
  sha256: string;
}

/**
 * What the user is told when a local file cannot be read (it is missing, a directory, or not
 * readable), instead of the system's error code; undefined for any other failure.
 */
function unreadable(path: string, error: unknown): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT':
      return `No such file: ${path}`;
    case 'EISDIR':
      return `${path} is a directory, not a file.`;
    case 'EACCES':
    case 'EPERM':
      return `Cannot read ${path}: permission denied.`;
    default:
      return undefined;
  }
}

/*
 * Local files are checked before anything is sent; a bad one is a usage error (exit 2), as the
 * README's Decisions say of every rule checked before a call.
 */

/** Reads an upload after core's rules (csv/xlsx, at most 10240 KB, not empty) pass on its name and size. */
export async function readUploadFile(path: string): Promise<UploadFile> {
  let size: number;
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
    size = info.size;
    const problem = validateUploadFile({ name: basename(path), size });
    if (problem) throw new UsageError(`${basename(path)}: ${problem}`);
    bytes = await readFile(path);
  } catch (error) {
    const message = unreadable(path, error);
    if (message) throw new UsageError(message);
    throw error;
  }
  const filename = basename(path);
  return {
    blob: new Blob([bytes]),
    filename,
    size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * The `Idempotency-Key` of an upload: the same file for the same target gives the same key, so a
 * retried CI step stores the version once.
 */
export function idempotencyKey(target: string, fileSha256: string): string {
  return createHash('sha256').update(`${target}\n${fileSha256}`).digest('hex');
}

/**
 * The JSON of a local file; a missing file or text that is not JSON is `Refusal` (the error class
 * that says what the command's exit code is) naming the file.
 */
/**
 * A JSON file's text. Its byte order mark, when it has one, is not part of the JSON: Windows
 * editors write UTF-8 with one, and Windows PowerShell's `>` writes UTF-16 with one, so that
 * `siteseer engines config X --json > config.json` there gives a UTF-16 file. Without a mark: UTF-8.
 */
function jsonText(bytes: Uint8Array): string {
  const [first, second] = bytes;
  if (first === 0xff && second === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (first === 0xfe && second === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // TextDecoder drops a UTF-8 byte order mark.
  return new TextDecoder('utf-8').decode(bytes);
}

export async function readJsonFile(
  path: string,
  Refusal: new (message: string) => Error = UsageError,
): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const message = unreadable(path, error);
    if (message) throw new Refusal(message);
    throw error;
  }
  try {
    return JSON.parse(jsonText(bytes));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new Refusal(`${path} is not valid JSON: ${error.message}`);
  }
}

/** Reads a parametric configuration (JSON) and checks it with core's schema and column rules. */
export async function readConfigurationFile(path: string): Promise<ParametricConfiguration> {
  const json = await readJsonFile(path);
  const parsed = ParametricConfiguration.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new UsageError(`${path} is not a parametric configuration: ${issues}`);
  }
  const errors = validateParametricConfiguration(parsed.data);
  if (!isConfigurationValid(errors)) {
    const problems = [
      ...Object.entries(errors.columns).flatMap(([id, e]) =>
        Object.values(e).map((message) => `column ${labelOf(parsed.data, id)}: ${message}`),
      ),
      ...Object.entries(errors.filters).flatMap(([id, e]) =>
        Object.values(e).map((message) => `filter ${labelOf(parsed.data, id)}: ${message}`),
      ),
    ];
    throw new UsageError(`${path}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

function labelOf(config: ParametricConfiguration, id: string): string {
  const label = config.columns[id]?.label;
  return label ? `'${decodeLabel(label)}'` : id;
}
