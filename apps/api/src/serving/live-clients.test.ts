import { afterEach, describe, expect, it, vi } from 'vitest';
import { Changes, keywordGenerationChange } from '../changes/changes.ts';
import { NotFoundError } from '../errors.ts';
import type { Store } from '../store/types.ts';
import { AnswerCaches } from './answer-cache.ts';
import { announceClientsChanged, LiveClients } from './live-clients.ts';

/** The cache over a store as it sees it (one process: every change is heard), and its changes. */
function liveClients(): { live: LiveClients; changes: Changes } {
  const store = { kind: 'pglite', notify: async () => {} } as unknown as Store;
  const changes = new Changes(store, (error) => {
    throw error;
  });
  return { live: new LiveClients({ store, caches: new AnswerCaches() }, changes), changes };
}

const ENGINE = { accountId: 'account', engineId: 'engine' };

/** A read that answers when told to, counting its calls. */
function heldRead<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const read = () =>
    new Promise<T>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { read, calls };
}

const CLIENT = '0b6f1c9e-6a53-4a39-9d8b-0d9a3c0d2f11';

describe('LiveClients.cached', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given many searches missing at once, then one read answers them all, and later ones are remembered', async () => {
    const { live } = liveClients();
    const { read, calls } = heldRead<{ name: string }>();
    const searches = Array.from({ length: 16 }, () => live.cached('kw', CLIENT, read));
    expect(calls).toHaveLength(1);
    calls[0]?.resolve({ name: 'live' });
    const answers = await Promise.all(searches);
    expect(new Set(answers).size).toBe(1);
    expect(await live.cached('kw', CLIENT, read)).toBe(answers[0]);
    expect(calls).toHaveLength(1);
  });

  it('given a change while a read is under way, then a search after it reads afresh', async () => {
    const { live, changes } = liveClients();
    const { read, calls } = heldRead<string>();
    const before = live.cached('kw', CLIENT, read);
    await announceClientsChanged(changes);
    const after = live.cached('kw', CLIENT, read);
    expect(calls).toHaveLength(2);
    calls[0]?.resolve('old');
    calls[1]?.resolve('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // What the read begun before the change found is not kept.
    expect(await live.cached('kw', CLIENT, read)).toBe('new');
    expect(calls).toHaveLength(2);
  });

  it('given a read that fails, then every search waiting on it gets the error, and an unknown id is remembered', async () => {
    const { live } = liveClients();
    const { read, calls } = heldRead<string>();
    const searches = [live.cached('pm', CLIENT, read), live.cached('pm', CLIENT, read)];
    calls[0]?.reject(new NotFoundError('Search engine'));
    for (const search of searches) await expect(search).rejects.toBeInstanceOf(NotFoundError);
    await expect(live.cached('pm', CLIENT, read)).rejects.toBeInstanceOf(NotFoundError);
    expect(calls).toHaveLength(1);
    // Another failure (the store down) is not remembered: the next search reads again.
    const other = 'not-a-uuid';
    const failing = live.cached('pm', other, read);
    calls[1]?.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const again = live.cached('pm', other, read);
    expect(calls).toHaveLength(3);
    calls[2]?.resolve('back');
    expect(await again).toBe('back');
  });

  it('given a client known a while ago, then searches are answered as known while it is read again', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { live } = liveClients();
    const { read, calls } = heldRead<string>();
    const first = live.cached('kw', CLIENT, read);
    calls[0]?.resolve('v1');
    expect(await first).toBe('v1');
    vi.advanceTimersByTime(1000);
    // The store is busy (a crawl's transaction): the read again waits, the searches do not.
    expect(await live.cached('kw', CLIENT, read)).toBe('v1');
    expect(await live.cached('kw', CLIENT, read)).toBe('v1');
    expect(calls).toHaveLength(2);
    calls[1]?.resolve('v2');
    await Promise.resolve();
    expect(await live.cached('kw', CLIENT, read)).toBe('v2');
    expect(calls).toHaveLength(2);
  });

  it('given a change announced, or a client known too long ago, then searches wait for the read', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { live, changes } = liveClients();
    const { read, calls } = heldRead<string>();
    const first = live.cached('kw', CLIENT, read);
    calls[0]?.resolve('v1');
    await first;
    vi.advanceTimersByTime(1000);
    await announceClientsChanged(changes);
    const afterChange = live.cached('kw', CLIENT, read);
    calls[1]?.resolve('v2');
    expect(await afterChange).toBe('v2');
    vi.advanceTimersByTime(60_000);
    const long = live.cached('kw', CLIENT, read);
    calls[2]?.resolve('v3');
    expect(await long).toBe('v3');
  });

  it('given a read again that fails, then the next search reads and gets the failure itself', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { live } = liveClients();
    const { read, calls } = heldRead<string>();
    const first = live.cached('kw', CLIENT, read);
    calls[0]?.resolve('v1');
    await first;
    vi.advanceTimersByTime(1000);
    expect(await live.cached('kw', CLIENT, read)).toBe('v1');
    calls[1]?.reject(new Error('connection lost'));
    await new Promise((resolve) => setImmediate(resolve));
    const next = live.cached('kw', CLIENT, read);
    calls[2]?.reject(new Error('still lost'));
    await expect(next).rejects.toThrow('still lost');
  });

  it('given a crawl published, then searches are answered as known while the client is read again', async () => {
    const { live, changes } = liveClients();
    const { read, calls } = heldRead<string>();
    const first = live.cached('kw', CLIENT, read);
    calls[0]?.resolve('run 1');
    await first;
    await changes.announce('keywordGenerations', keywordGenerationChange('published', ENGINE));
    expect(await live.cached('kw', CLIENT, read)).toBe('run 1');
    expect(calls).toHaveLength(2);
    calls[1]?.resolve('run 2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await live.cached('kw', CLIENT, read)).toBe('run 2');
    // Any other change: searches wait for what is live now.
    await changes.announce('keywordGenerations', keywordGenerationChange('new', ENGINE));
    const after = live.cached('kw', CLIENT, read);
    calls[2]?.resolve('run 2, new synonyms');
    expect(await after).toBe('run 2, new synonyms');
  });
});
