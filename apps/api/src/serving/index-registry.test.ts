import { describe, expect, it } from 'vitest';
import { StoreClosedError } from '../store/errors.ts';
import { IndexMemory } from './index-memory.ts';
import { type IndexId, type IndexKind, IndexRegistry } from './index-registry.ts';

/** An index as these tests make it: a name and what it takes in memory. */
interface Made {
  name: string;
  bytes: number;
}

/** A kind of index whose releases are written down. */
function kind(failures: IndexKind<Made>['failures'] = 'reject') {
  const released: string[] = [];
  const spec: IndexKind<Made> = {
    bytesOf: (index) => index.bytes,
    release: async (index) => {
      released.push(index.name);
    },
    failures,
  };
  return { spec, released };
}

function idOf(engine: string, order: number): IndexId {
  return { key: `${engine}:${order}`, engine, order: BigInt(order) };
}

function held<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function made(registry: IndexRegistry<Made>, id: IndexId, bytes: number): Promise<Made> {
  const index = { name: id.key, bytes };
  expect(await registry.track(id, Promise.resolve(index))).toBe(index);
  return index;
}

describe('one memory budget for the indexes of both kinds', () => {
  it('given a parametric index used least recently, when a keyword index grows past the budget, then the parametric one goes', async () => {
    const memory = new IndexMemory(100);
    const parametric = kind();
    const keyword = kind();
    const pm = new IndexRegistry(memory, parametric.spec);
    const kw = new IndexRegistry(memory, keyword.spec);
    await made(pm, idOf('pm-engine', 1), 60);
    const words = await made(kw, idOf('kw-engine', 1), 30);

    kw.grow('kw-engine:1', words, 20);

    expect(pm.ready('pm-engine:1')).toBeUndefined();
    expect(parametric.released).toEqual(['pm-engine:1']);
    expect(kw.ready('kw-engine:1')).toBe(words);
    expect(memory.usedBytes).toBe(50);
  });

  it('given indexes of both kinds, when one more is made past the budget, then the least recently used of either kind goes', async () => {
    const memory = new IndexMemory(100);
    const parametric = kind();
    const keyword = kind();
    const pm = new IndexRegistry(memory, parametric.spec);
    const kw = new IndexRegistry(memory, keyword.spec);
    await made(pm, idOf('a', 1), 40);
    await made(kw, idOf('b', 1), 40);
    pm.use('a:1');

    await made(kw, idOf('c', 1), 40);

    expect(keyword.released).toEqual(['b:1']);
    expect(parametric.released).toEqual([]);
    expect(kw.readyIds().map((id) => id.key)).toEqual(['c:1']);
    expect(memory.usedBytes).toBe(80);
  });

  it('given an index larger than the whole budget, when it is made, then it is kept: a search waits for it', async () => {
    const memory = new IndexMemory(10);
    const registry = new IndexRegistry(memory, kind().spec);
    const index = await made(registry, idOf('a', 1), 50);
    expect(registry.ready('a:1')).toBe(index);
  });
});

describe('the generic index registry', () => {
  it("given an engine's index ready, while a newer one is built, then the older answers, and goes once the newer is ready", async () => {
    const { spec, released } = kind();
    const registry = new IndexRegistry(new IndexMemory(1000), spec);
    const first = await made(registry, idOf('a', 1), 10);
    const second = held<Made | undefined>();
    const building = registry.track(idOf('a', 2), second.promise);

    expect(registry.latestReady(idOf('a', 2))?.index).toBe(first);
    expect(registry.hasNewer(idOf('a', 1))).toBe(true);
    second.resolve({ name: 'a:2', bytes: 10 });
    await building;

    expect(registry.ready('a:1')).toBeUndefined();
    expect(released).toEqual(['a:1']);
  });

  it('given a build failing because the store closed, then nobody is told, whatever the kind', async () => {
    for (const failures of ['reject', 'keep'] as const) {
      const registry = new IndexRegistry(new IndexMemory(1000), kind(failures).spec);
      const done = registry.track(idOf('a', 1), Promise.reject(new StoreClosedError()));
      expect(await done).toBeUndefined();
      expect(registry.takeFailure('a:1')).toBeUndefined();
    }
  });

  it('given a build failing otherwise, then its searches get the error, or the next one does once when the kind keeps failures', async () => {
    const failure = new Error('disk full');
    const rejecting = new IndexRegistry(new IndexMemory(1000), kind('reject').spec);
    await expect(rejecting.track(idOf('a', 1), Promise.reject(failure))).rejects.toBe(failure);
    expect(rejecting.building('a:1')).toBeUndefined();

    const keeping = new IndexRegistry(new IndexMemory(1000), kind('keep').spec);
    expect(await keeping.track(idOf('a', 1), Promise.reject(failure))).toBeUndefined();
    expect(keeping.takeFailure('a:1')).toEqual({ error: failure });
    expect(keeping.takeFailure('a:1')).toBeUndefined();
  });

  it('given indexes ready and one being built, when the registry closes, then it waits for the build and releases them all', async () => {
    const { spec, released } = kind();
    const memory = new IndexMemory(1000);
    const registry = new IndexRegistry(memory, spec);
    await made(registry, idOf('a', 1), 10);
    const building = held<Made | undefined>();
    const done = registry.track(idOf('b', 1), building.promise);

    const closing = registry.close();
    building.resolve({ name: 'b:1', bytes: 10 });
    await closing;

    expect(await done).toBeUndefined();
    expect(released.sort()).toEqual(['a:1', 'b:1']);
    expect(memory.usedBytes).toBe(0);
  });
});
