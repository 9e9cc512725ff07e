import { describe, expect, it, vi } from 'vitest';
import { lazyApiClient } from './lazy-api-client.ts';

function realClient() {
  return {
    profile: { me: vi.fn(async (options?: { signal?: AbortSignal }) => ({ id: 'u1', options })) },
    accounts: {
      users: {
        prefix: 'user:',
        // Uses `this`: a method must be called on its own group.
        async add(this: { prefix: string }, name: string) {
          return `${this.prefix}${name}`;
        },
      },
    },
  };
}

describe('the lazily loaded API client', () => {
  it('Given no call yet, then nothing loads; given calls, then the client loads once and answers them', async () => {
    const real = realClient();
    const load = vi.fn(async () => real);
    const api = lazyApiClient(load);
    expect(load).not.toHaveBeenCalled();
    const signal = new AbortController().signal;
    await expect(api.profile.me({ signal })).resolves.toEqual({ id: 'u1', options: { signal } });
    await expect(api.accounts.users.add('ada')).resolves.toBe('user:ada');
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.profile.me).toHaveBeenCalledWith({ signal });
  });

  it('Given the stand-in, then it is not a promise, so awaiting it does not call the client', async () => {
    const load = vi.fn(async () => realClient());
    const api = lazyApiClient(load);
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(api)).toBe(api);
    expect(load).not.toHaveBeenCalled();
  });

  it('Given a load that fails, then the call fails and the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(realClient());
    const api = lazyApiClient<ReturnType<typeof realClient>>(load);
    await expect(api.profile.me()).rejects.toThrow('chunk');
    await expect(api.profile.me()).resolves.toMatchObject({ id: 'u1' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('Given a name the client does not have, then the call fails with that name', async () => {
    const api = lazyApiClient(async () => realClient()) as unknown as {
      engines: { list: () => Promise<unknown> };
    };
    await expect(api.engines.list()).rejects.toThrow('The API client has no method engines.list');
  });
});
