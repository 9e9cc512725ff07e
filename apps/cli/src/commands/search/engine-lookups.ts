import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writePrivateFile } from '../../auth/file-store.ts';

/**
 * What `search` needs of an engine, once looked up through the portal API: its client's id (the
 * public search's address) and what messages and option checks name.
 */
export const EngineLookup = z.object({
  engineId: z.string().min(1),
  engineName: z.string(),
  engineType: z.enum(['pm', 'kw']),
  accountId: z.string().min(1),
  clientId: z.string().min(1),
});
export type EngineLookup = z.infer<typeof EngineLookup>;

const KeptLookup = EngineLookup.extend({
  /** When it was looked up, epoch milliseconds. */
  at: z.number().int(),
});

const LookupsFile = z.object({ version: z.literal(1), lookups: z.record(z.string(), KeptLookup) });
type LookupsFile = z.infer<typeof LookupsFile>;

/**
 * How long a look-up is used. An engine's id and its client never change, but a name may move to
 * another engine (renamed, then the name given to a new one): an hour bounds how long a name can
 * still reach the engine that had it. A deleted engine's client answers 404, which drops its
 * look-up at once.
 */
export const LOOKUP_TTL_MS = 60 * 60 * 1000;

/** Look-ups kept at most; the oldest go first. */
const MAX_LOOKUPS = 200;

/** The file, next to `settings.json` and `credentials.json` in the config directory. */
export const LOOKUPS_FILE = 'engine-lookups.json';

/** Errors of a config directory that cannot be written: the look-up is then not kept, only used. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/**
 * `search`'s engine look-ups (ENGINE, as typed, → engine and client), kept between runs in the
 * config directory, so that a repeated search sends one request (the public search) instead of
 * three. Kept per server and per person (the `sub` of the access token) and per `--account`:
 * another login, or an opaque token that names no one, never reads them.
 */
export class EngineLookups {
  readonly path: string;
  /** The server and the person, or undefined when the person is unknown (nothing is kept). */
  private readonly scope: readonly [string, string] | undefined;
  private readonly now: () => number;

  constructor(init: { configDir: string; server: string; subject: string | undefined; now: () => number }) {
    this.path = join(init.configDir, LOOKUPS_FILE);
    this.scope = init.subject === undefined ? undefined : [init.server, init.subject];
    this.now = init.now;
  }

  private key(ref: string, account: string | undefined): string | undefined {
    return this.scope && JSON.stringify([...this.scope, account ?? null, ref]);
  }

  private async read(): Promise<LookupsFile['lookups']> {
    // A cache: a damaged file (or one of another version) is started afresh, never an error.
    return (await readJsonFile(this.path, LookupsFile))?.lookups ?? {};
  }

  private async write(lookups: LookupsFile['lookups']): Promise<void> {
    const newest = Object.entries(lookups)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_LOOKUPS);
    const file: LookupsFile = { version: 1, lookups: Object.fromEntries(newest) };
    try {
      await writePrivateFile(this.path, `${JSON.stringify(file, null, 2)}\n`);
    } catch (error) {
      // The search has answered already: a look-up that cannot be kept is looked up again next time.
      if (!UNWRITABLE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }

  /** The look-up of ENGINE (and --account) kept within the last LOOKUP_TTL_MS, if any. */
  async get(ref: string, account: string | undefined): Promise<EngineLookup | undefined> {
    const key = this.key(ref, account);
    if (key === undefined) return undefined;
    const kept = (await this.read())[key];
    if (!kept || this.now() - kept.at >= LOOKUP_TTL_MS || kept.at > this.now()) return undefined;
    const { at: _at, ...lookup } = kept;
    return lookup;
  }

  /** Keeps a look-up that a search has just used. */
  async put(ref: string, account: string | undefined, lookup: EngineLookup): Promise<void> {
    const key = this.key(ref, account);
    if (key === undefined) return;
    const lookups = await this.read();
    await this.write({ ...lookups, [key]: { ...lookup, at: this.now() } });
  }

  /** Drops a look-up whose client no longer answers (a deleted engine, a replaced client). */
  async forget(ref: string, account: string | undefined): Promise<void> {
    const key = this.key(ref, account);
    if (key === undefined) return;
    const { [key]: dropped, ...rest } = await this.read();
    if (dropped) await this.write(rest);
  }
}
