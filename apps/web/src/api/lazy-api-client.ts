/**
 * A stand-in for an API client whose methods load the real client on their first call.
 *
 * Core's client carries every call's zod contract, and with them zod itself: tens of kB the first
 * screen does not need before its first request. Every client method returns a promise, so a call
 * can wait for the client to load without its callers noticing. Groups (`api.accounts.users`) and
 * methods are reached through the same proxy; `then` is never a member, so the stand-in is not
 * mistaken for a promise.
 */
export function lazyApiClient<Client extends object>(load: () => Promise<Client>): Client {
  let loading: Promise<Client> | undefined;
  const client = () => {
    if (!loading) {
      const started = load();
      // A failed load (a chunk that did not arrive) is tried again on the next call, not cached.
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
  const members = new Map<string, unknown>();
  const member = (path: readonly string[]): unknown => {
    const key = path.join('.');
    const known = members.get(key);
    if (known) return known;
    const proxy = new Proxy(() => undefined, {
      get: (_target, name) =>
        typeof name === 'string' && name !== 'then' ? member([...path, name]) : undefined,
      apply: async (_target, _this, args: unknown[]) => {
        let owner: unknown = await client();
        for (const name of path.slice(0, -1)) owner = (owner as Record<string, unknown> | undefined)?.[name];
        const method = (owner as Record<string, unknown> | undefined)?.[path.at(-1) ?? ''];
        if (typeof method !== 'function') throw new TypeError(`The API client has no method ${key}`);
        return method.apply(owner, args);
      },
    });
    members.set(key, proxy);
    return proxy;
  };
  return member([]) as Client;
}
