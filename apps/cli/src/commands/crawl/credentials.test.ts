import type { SetSiteCredentialsBody, SiteCredentialsStatus } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { engine, fakeApi, input, ok, refused, T0, testDeps } from '../../../test/fakes.ts';
import { ApiRefusedError, UsageError } from '../../errors.ts';
import * as credentials from './credentials.ts';

const SITE = 'https://wiki.test/';
const kw = engine({ searchEngineType: 'kw', searchEngineName: 'Staff wiki', urls: [SITE] });
const SECRET = 'pw-cli-9d41e2';

/** An API that answers a sign-in saved as the server would: its kind and label, never the secret. */
function apiSaving() {
  return fakeApi({
    engines: { list: async () => ok([kw]), get: async () => ok(kw) },
    crawler: {
      credentials: {
        set: async (body: SetSiteCredentialsBody) =>
          ok<SiteCredentialsStatus>({
            site: body.site,
            kind: body.signIn.kind,
            set: true,
            label: body.signIn.kind === 'basic' ? body.signIn.user : 'x',
            updatedAt: T0,
          }),
        remove: async (body: { site: string }) => ok({ site: body.site, removed: true }),
      },
    },
  });
}

async function runWith(opts: Record<string, unknown>, context: Parameters<typeof testDeps>[1] = {}) {
  const api = apiSaving();
  const { deps, recorded } = testDeps(api, context);
  await credentials.run(deps, credentials.parse(input(['Staff wiki'], { site: SITE, ...opts })));
  const sent = (api.crawler.credentials.set as unknown as { mock: { calls: [SetSiteCredentialsBody][] } })
    .mock.calls[0]?.[0];
  return { api, sent, recorded };
}

describe('crawl credentials', () => {
  it('given --basic USER:PASSWORD, then it saves HTTP Basic for the site and prints the user, never the password', async () => {
    const { sent, recorded } = await runWith({ basic: `alice:${SECRET}` });
    expect(sent).toEqual({
      accountId: 'acc-1',
      engineId: 'eng-1',
      site: SITE,
      signIn: { kind: 'basic', user: 'alice', password: SECRET },
    });
    expect(recorded.stderr).toContain(`The crawler signs in to ${SITE} with HTTP Basic as alice`);
    expect(recorded.stdout + recorded.stderr).not.toContain(SECRET);
  });

  it('given --basic USER and --secret-stdin with no terminal, then the password is the first line of standard input', async () => {
    const { sent, recorded } = await runWith(
      { basic: 'alice', secretStdin: true },
      { stdin: `${SECRET}\nignored second line\n` },
    );
    expect(sent?.signIn).toEqual({ kind: 'basic', user: 'alice', password: SECRET });
    expect(recorded.stdout + recorded.stderr).not.toContain(SECRET);
  });

  it('given --header NAME and SITESEER_CRAWL_SECRET, then the value comes from the environment', async () => {
    const { sent, recorded } = await runWith(
      { header: 'Authorization' },
      { env: { SITESEER_CRAWL_SECRET: `Bearer ${SECRET}` } },
    );
    expect(sent?.signIn).toEqual({ kind: 'header', name: 'Authorization', value: `Bearer ${SECRET}` });
    expect(recorded.stdout + recorded.stderr).not.toContain(SECRET);
  });

  it("given --header 'NAME: VALUE' or several cookies, then each is sent as written", async () => {
    expect((await runWith({ header: `X-Token: ${SECRET}` })).sent?.signIn).toEqual({
      kind: 'header',
      name: 'X-Token',
      value: SECRET,
    });
    expect((await runWith({ cookie: `session=${SECRET}; region=eu` })).sent?.signIn).toEqual({
      kind: 'cookie',
      cookies: [
        { name: 'session', value: SECRET },
        { name: 'region', value: 'eu' },
      ],
    });
    expect((await runWith({ cookie: 'session', secretStdin: true }, { stdin: SECRET })).sent?.signIn).toEqual(
      {
        kind: 'cookie',
        cookies: [{ name: 'session', value: SECRET }],
      },
    );
  });

  it('given --json, then it prints the answer: the kind and that it is set', async () => {
    const { recorded } = await runWith({ basic: `alice:${SECRET}` }, { json: true });
    expect(JSON.parse(recorded.stdout)).toEqual({
      site: SITE,
      kind: 'basic',
      set: true,
      label: 'alice',
      updatedAt: T0,
    });
  });

  it('given --clear, then the sign-in is removed', async () => {
    const { api, recorded } = await runWith({ clear: true });
    expect(api.crawler.credentials.remove).toHaveBeenCalledWith({
      accountId: 'acc-1',
      engineId: 'eng-1',
      site: SITE,
    });
    expect(recorded.stderr).toContain(`Removed the sign-in for ${SITE}`);
  });

  it('given no secret anywhere, an empty standard input, or not exactly one kind, then it is a usage error', async () => {
    await expect(runWith({ basic: 'alice' })).rejects.toThrow(
      /No password: put it in the flag, pipe it with --secret-stdin, or set SITESEER_CRAWL_SECRET/,
    );
    await expect(runWith({ basic: 'alice', secretStdin: true }, { stdin: '' })).rejects.toThrow(UsageError);
    expect(() => credentials.parse(input(['Staff wiki'], { site: SITE }))).toThrow(UsageError);
    expect(() =>
      credentials.parse(input(['Staff wiki'], { site: SITE, basic: 'a:b', cookie: 'c=d' })),
    ).toThrow(/one of --basic, --header, --cookie or --clear/);
    expect(() => credentials.parse(input(['Staff wiki'], { basic: 'a:b' }))).toThrow(/--site is required/);
  });

  it('given a refusal of the server, then it is the server’s message', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { credentials: { set: async () => refused(409, 'This server has no secrets key') } },
    });
    const { deps } = testDeps(api);
    const run = credentials.run(deps, credentials.parse(input(['Staff wiki'], { site: SITE, basic: 'a:b' })));
    await expect(run).rejects.toBeInstanceOf(ApiRefusedError);
  });
});
