import { describe, expect, it } from 'vitest';
import { EngineCredentials } from './engine-credentials.ts';
import { signInHeaders } from './sign-in.ts';

const SITE = 'https://docs.example.com/handbook/';

describe("an engine's site sign-ins", () => {
  it('given each kind, then the headers are Authorization: Basic, the header itself, or one Cookie', () => {
    expect(signInHeaders({ kind: 'basic', user: 'alice', password: 'pa:ss wörd' })).toEqual({
      authorization: `Basic ${Buffer.from('alice:pa:ss wörd', 'utf8').toString('base64')}`,
    });
    expect(signInHeaders({ kind: 'header', name: 'X-Api-Token', value: 'Bearer t' })).toEqual({
      'x-api-token': 'Bearer t',
    });
    expect(
      signInHeaders({
        kind: 'cookie',
        cookies: [
          { name: 'session', value: 'abc' },
          { name: 'region', value: 'eu' },
        ],
      }),
    ).toEqual({ cookie: 'session=abc; region=eu' });
  });

  it("given a page's requests, then only those to the site's own origin carry its sign-in (a renderer's subresources)", () => {
    const credentials = new EngineCredentials(
      new Map([[SITE, { origin: 'https://docs.example.com', headers: { authorization: 'Basic x' } }]]),
    );
    expect(credentials.credentialHeadersFor(SITE, 'https://docs.example.com/other/page')).toEqual({
      authorization: 'Basic x',
    });
    for (const elsewhere of [
      'https://cdn.example.com/app.js',
      'http://docs.example.com/handbook/',
      'https://docs.example.com:8443/handbook/',
      'not a url',
    ]) {
      expect(credentials.credentialHeadersFor(SITE, elsewhere), elsewhere).toEqual({});
    }
    expect(credentials.credentialHeadersFor('https://other.example/', 'https://other.example/')).toEqual({});
  });

  it('given a sign-in that could not be opened, then no headers are given and the site says why', () => {
    const credentials = new EngineCredentials(
      new Map([[SITE, { error: 'The sign-in for this site cannot be used.' }]]),
    );
    expect(credentials.credentialHeadersFor(SITE, SITE)).toEqual({});
    expect(credentials.forSite(SITE)).toEqual({ error: 'The sign-in for this site cannot be used.' });
  });
});
