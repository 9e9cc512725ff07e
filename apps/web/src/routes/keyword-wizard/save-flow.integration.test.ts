import { createApiClient, KeywordSettings } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { saveKeywordEngine } from './save-flow.ts';

/*
 * The wizard's save flow against the real API (PGlite in memory) on 127.0.0.1: the Crawler step's
 * ignored URL parameters reach the engine and its crawler (one the schema refuses never leaves the
 * portal: the Crawler step blocks it, and core's client checks the body before sending).
 */

let server: RealApi;

beforeAll(async () => {
  server = await startRealApi();
  // The portal calls the API on its own origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.base}/engine/keyword/create`,
  );
}, 60_000);

afterAll(() => server?.close());

const api = () =>
  createApiClient({
    baseUrl: `${server.base}/api`,
    getToken: () => server.token,
    fetch: (input, init) => globalThis.fetch(input, init),
  });

const input = (name: string, ignoreParameters: string[]) => ({
  accountId: server.accountId,
  searchEngineName: name,
  settings: KeywordSettings.parse({ urls: ['https://docs.example.com/'], ignoreParameters }),
  engine: undefined,
  mode: 'create' as const,
  originalUrls: [],
});

describe('the keyword wizard saving ignored URL parameters', () => {
  it('Given ignored URL parameters, when the engine is created, then the engine keeps them', async () => {
    const saved = await saveKeywordEngine(
      api(),
      input('Ignoring parameters', ['ref*', 'sessionid']),
      () => {},
    );
    expect(saved).toEqual({ ok: true, engineId: expect.any(String) });
    const engineId = saved.ok ? saved.engineId : '';
    const engine = await api().engines.get(engineId, { accountId: server.accountId });
    expect(engine.ok && engine.data).toMatchObject({ ignoreParameters: ['ref*', 'sessionid'] });
  });
});

describe('the keyword wizard saving the sign-ins of a new engine', () => {
  it('Given a sign-in set for a site of a new engine, when it is created, then the site has it before its crawler starts', async () => {
    const site = 'https://docs.example.com/';
    const saved = await saveKeywordEngine(
      api(),
      {
        ...input('Behind a login', []),
        signIns: {
          [site]: { kind: 'header', name: 'X-Staff-Token', value: 'tok-wizard-1' },
          // A site taken off the list after its sign-in was set is not sent.
          'https://gone.example.com/': { kind: 'basic', user: 'bob', password: 'pw-gone' },
        },
      },
      () => {},
    );
    expect(saved).toEqual({ ok: true, engineId: expect.any(String) });
    const engineId = saved.ok ? saved.engineId : '';
    const listed = await api().crawler.credentials.list({ accountId: server.accountId, engineId });
    expect(listed.ok && listed.data.credentials).toEqual([
      expect.objectContaining({ site, kind: 'header', set: true, label: 'X-Staff-Token' }),
    ]);
  });
});
