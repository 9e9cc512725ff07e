import { describe, expect, it } from 'vitest';
import { IndexMemory } from '../serving/index-memory.ts';
import type { Store } from '../store/types.ts';
import type { LiveEngine } from './live-engine.ts';
import { EngineIndex } from './search-index.ts';
import { buildText } from './search-index-build.ts';
import { EngineIndexRegistry, scopeOf } from './search-index-registry.ts';

/** Indexes here are handed in made: the registry never reads this store. */
function fakeStore(): Store {
  return { kind: 'pglite' } as Store;
}

function liveAt(generation: string): LiveEngine {
  return {
    client: { id: 'client-1', accountId: 'account-1', engineId: 'engine-1' },
    engineName: 'Products',
    version: Number(generation),
    generation,
    configuration: {},
  } as unknown as LiveEngine;
}

function indexOf(names: string[]): EngineIndex {
  return new EngineIndex(
    { json: names.map((name) => JSON.stringify({ c1: name })), searchColumns: ['c1'] },
    new Map(),
  );
}

function held<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** What a call answers within 200 ms, or 'waiting'. */
function soon<T>(promise: Promise<T>): Promise<T | 'waiting'> {
  return Promise.race([
    promise,
    new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 200)),
  ]);
}

describe('the parametric index registry across publishes', () => {
  it('given version 1 searched, while version 2 is indexed, then searches are answered from version 1, then from 2 once it is ready', async () => {
    const registry = new EngineIndexRegistry(fakeStore(), new IndexMemory(256 * 1024 * 1024));
    const v1 = liveAt('1');
    const first = indexOf(['alpha sensor', 'beta relay']);
    await registry.prepare(scopeOf(v1), Promise.resolve(first));
    expect(await registry.acquire(v1, false)).toEqual({ live: v1, index: first });

    const v2 = liveAt('2');
    const second = held<EngineIndex>();
    const publishing = registry.prepare(scopeOf(v2), second.promise);
    const during = await soon(registry.acquire(v2, false));
    expect(during).toEqual({ live: v1, index: first });

    const made = indexOf(['gamma switch']);
    second.resolve(made);
    expect(await publishing).toBe(made);
    expect(await registry.acquire(v2, false)).toEqual({ live: v2, index: made });
    // Version 1 is never searched again: its memory goes.
    expect(registry.peek(scopeOf(v1))).toBeUndefined();
  });

  it('given version 1 searched by text, when version 2 is published, then it is ready with its words, so text searches never wait', async () => {
    const registry = new EngineIndexRegistry(fakeStore(), new IndexMemory(256 * 1024 * 1024));
    const v1 = liveAt('1');
    const first = indexOf(['alpha sensor']);
    first.setText(await buildText(first));
    await registry.prepare(scopeOf(v1), Promise.resolve(first));
    expect(await registry.acquire(v1, true)).toEqual({ live: v1, index: first });

    const v2 = liveAt('2');
    const made = await registry.prepare(scopeOf(v2), Promise.resolve(indexOf(['gamma switch'])));
    expect(made?.hasText).toBe(true);
    expect(await soon(registry.acquire(v2, true))).toEqual({ live: v2, index: made });
  });

  it('given no version searched before, while the first is indexed, then searches wait for it', async () => {
    const registry = new EngineIndexRegistry(fakeStore(), new IndexMemory(256 * 1024 * 1024));
    const v1 = liveAt('1');
    const first = held<EngineIndex>();
    void registry.prepare(scopeOf(v1), first.promise);
    const search = registry.acquire(v1, false);
    expect(await soon(search)).toBe('waiting');
    const made = indexOf(['alpha']);
    first.resolve(made);
    expect(await search).toEqual({ live: v1, index: made });
  });
});
