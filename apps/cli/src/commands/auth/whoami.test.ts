import { UnauthorizedError } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { engine, fakeApi, input, ok, testDeps } from '../../../test/fakes.ts';
import * as whoami from './whoami.ts';

describe('whoami with an API key', () => {
  it('given a key the server accepts, then it says so with the account its engines belong to', async () => {
    const api = fakeApi({ engines: { list: async () => ok([engine(), engine({ id: 'eng-2' })]) } });
    const { deps, recorded } = testDeps(api, { json: true });
    await whoami.run({ ...deps, auth: 'apiKey' }, whoami.parse(input([])));
    expect(api.engines.list).toHaveBeenCalledTimes(1);
    expect(JSON.parse(recorded.stdout)).toEqual({
      server: 'https://siteseer.test',
      auth: 'apiKey',
      accountId: 'acc-1',
      engines: 2,
    });
  });

  it('given a key the server refuses, then whoami fails (exit 4 through the handler) instead of exit 0', async () => {
    const api = fakeApi({
      engines: {
        list: async () => {
          throw new UnauthorizedError('GET', 'https://siteseer.test/api/searchengines', {
            detail: 'The API key is not valid.',
          });
        },
      },
    });
    const { deps, recorded } = testDeps(api);
    await expect(whoami.run({ ...deps, auth: 'apiKey' }, whoami.parse(input([])))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(recorded.stdout).toBe('');
  });
});
