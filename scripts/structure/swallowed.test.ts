import { describe, expect, it } from 'vitest';
import { type AllowEntry, findSwallowed, judge } from './swallowed.ts';

const FILE = 'apps/api/src/fixture.ts';

/** Fixture sources, one behaviour each. */
const SWALLOWED = `
export async function load(read: () => Promise<string>) {
  try {
    return JSON.parse(await read());
  } catch {}
  await read().catch(() => {});
  await read().catch(() => undefined);
  const quiet = read().catch(() => null);
  return quiet;
}
`;
const LOGGED = `
export async function load(read: () => Promise<string>, log: { warn(message: unknown): void }) {
  try {
    return await read();
  } catch (error) {
    console.error(error);
  }
  await read().catch(() => log.warn('read failed'));
}
`;
const RETHROWN = `
export async function load(read: () => Promise<string>) {
  try {
    return await read();
  } catch (error) {
    throw new Error('read failed', { cause: error });
  }
}
export const again = (read: () => Promise<string>) => read().catch((error) => { throw error; });
`;
const HANDLED = `
export const status = (read: () => Promise<Response>) =>
  read().catch((error: unknown) => (error instanceof TypeError ? 'offline' : Promise.reject(error)));
`;
const ALLOWED = `
class Listener {
  async stop(client?: { end(): Promise<void> }) {
    await client?.end().catch(() => undefined);
  }
}
`;

describe('findSwallowed', () => {
  it('given an empty catch and .catch handlers that return nothing, then each is a swallowed place', () => {
    const found = findSwallowed(FILE, SWALLOWED);
    expect(found.map((place) => [place.kind, place.inside, place.line])).toEqual([
      ['catch-clause', 'load', 5],
      ['catch-call', 'load', 6],
      ['catch-call', 'load', 7],
      ['catch-call', 'load', 8],
    ]);
    expect(found[1]?.code).toBe('read().catch(() => {})');
  });

  it('given catches that log, then none is swallowed', () => {
    expect(findSwallowed(FILE, LOGGED)).toEqual([]);
  });

  it('given catches that rethrow, then none is swallowed', () => {
    expect(findSwallowed(FILE, RETHROWN)).toEqual([]);
  });

  it('given a handler that uses its error for a named case, then it is not swallowed', () => {
    expect(findSwallowed(FILE, HANDLED)).toEqual([]);
  });

  it('given a method, then the place is named by the method', () => {
    expect(findSwallowed(FILE, ALLOWED).map((place) => place.inside)).toEqual(['stop']);
  });
});

describe('judge', () => {
  const found = findSwallowed(FILE, ALLOWED);
  const allowed: AllowEntry = { file: FILE, inside: 'stop', snippet: 'client?.end()', why: 'stopping' };

  it('given an entry naming the place, then it is allowed', () => {
    expect(judge(found, [allowed])).toEqual({ unlisted: [], stale: [], allowed: 1 });
  });

  it('given a snippet laid out differently, then it still names the place', () => {
    const relaid: AllowEntry = { ...allowed, snippet: 'client?.end()\n  .catch(() =>\n undefined)' };
    expect(judge(found, [relaid]).unlisted).toEqual([]);
  });

  it('given no entry for the place, then it is unlisted', () => {
    expect(judge(found, []).unlisted).toEqual(found);
  });

  it('given an entry that names no place any more, then it is stale', () => {
    const gone: AllowEntry = { file: FILE, inside: 'start', why: 'was removed' };
    expect(judge(found, [allowed, gone])).toEqual({ unlisted: [], stale: [gone], allowed: 1 });
  });

  it('given an entry for another file, then it names nothing', () => {
    const elsewhere: AllowEntry = { ...allowed, file: 'apps/api/src/other.ts' };
    expect(judge(found, [elsewhere]).stale).toEqual([elsewhere]);
  });
});
