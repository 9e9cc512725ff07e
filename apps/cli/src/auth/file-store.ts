import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { AbortError } from '../errors.ts';
import { type CredentialStore, StoredCredentials } from './credentials.ts';

/** The credentials file cannot be read as credentials; `siteseer logout` removes it. */
export class InvalidCredentialsFileError extends AbortError {
  readonly path: string;

  constructor(path: string) {
    super(`The credentials file ${path} is not valid.`, {
      hint: 'Run `siteseer logout` to remove it, then `siteseer login`.',
    });
    this.path = path;
  }
}

const CredentialsFile = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), StoredCredentials),
});
type CredentialsFile = z.infer<typeof CredentialsFile>;

const EMPTY: CredentialsFile = { version: 1, servers: {} };

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * A JSON file checked against `schema`; undefined when it is missing, not JSON or not of that
 * shape (for files that are a convenience: a damaged one is started afresh).
 */
export async function readJsonFile<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Writes a file readable by its owner only, atomically (a temporary file renamed over it). */
export async function writePrivateFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await rename(temporary, path);
}

/**
 * Credentials in `credentials.json` under the config directory, mode 0600 (the fallback when the
 * OS keyring cannot be used). The file is validated with zod when read.
 */
export class FileCredentialStore implements CredentialStore {
  readonly path: string;

  constructor(configDir: string) {
    this.path = join(configDir, 'credentials.json');
  }

  describe(): string {
    return this.path;
  }

  private async read(): Promise<CredentialsFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return EMPTY;
      throw error;
    }
    // A file left readable by others (copied, restored) is tightened before it is trusted.
    const mode = (await stat(this.path)).mode & 0o777;
    if (mode & 0o077) await chmod(this.path, 0o600);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      json = undefined;
    }
    const parsed = CredentialsFile.safeParse(json);
    if (!parsed.success) {
      throw new InvalidCredentialsFileError(this.path);
    }
    return parsed.data;
  }

  async load(server: string): Promise<StoredCredentials | undefined> {
    return (await this.read()).servers[server];
  }

  async save(credentials: StoredCredentials): Promise<void> {
    const current = await this.read().catch((error: unknown) => {
      // An unreadable file is replaced by a good one rather than blocking a new login.
      if (error instanceof InvalidCredentialsFileError) return EMPTY;
      throw error;
    });
    const next: CredentialsFile = {
      version: 1,
      servers: { ...current.servers, [credentials.server]: credentials },
    };
    await writePrivateFile(this.path, `${JSON.stringify(next, null, 2)}\n`);
  }

  async remove(server: string): Promise<boolean> {
    let current: CredentialsFile;
    try {
      current = await this.read();
    } catch (error) {
      if (!(error instanceof InvalidCredentialsFileError)) throw error;
      // An invalid file cannot hold usable credentials: it is removed.
      await rm(this.path, { force: true });
      return true;
    }
    if (!(server in current.servers)) return false;
    const { [server]: _removed, ...rest } = current.servers;
    await writePrivateFile(this.path, `${JSON.stringify({ version: 1, servers: rest }, null, 2)}\n`);
    return true;
  }
}
