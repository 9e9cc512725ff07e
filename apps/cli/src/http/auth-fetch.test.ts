import { describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../auth/session.ts';
import { createAuthFetch } from './auth-fetch.ts';
import { UploadProgress } from './upload-progress.ts';

function recordingFetch(statuses: number[]) {
  const requests: { url: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (body instanceof ReadableStream) body = await new Response(body).text();
    requests.push({ url, headers, body });
    return new Response('{}', { status: statuses.shift() ?? 200 });
  });
  return { fetch, requests };
}

describe('the authenticated fetch', () => {
  it('given an API key, when calling, then it is sent as X-Api-Key and no bearer token is sent', async () => {
    const { fetch, requests } = recordingFetch([200]);
    const wrapped = createAuthFetch({ fetch, auth: { kind: 'apiKey', apiKey: 'ssk_1' }, userAgent: 'ua' });
    await wrapped('https://s/api/x', { headers: { Authorization: 'Bearer ssk_1' } });
    expect(requests[0]?.headers.get('x-api-key')).toBe('ssk_1');
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(requests[0]?.headers.get('user-agent')).toBe('ua');
  });

  it('given a saved login, when the API answers 401, then it refreshes once and retries with the new token', async () => {
    const { fetch, requests } = recordingFetch([401, 200]);
    const session = {
      refresh: vi.fn(async () => true),
      current: { accessToken: 'new' },
    } as unknown as StoredSession;
    const wrapped = createAuthFetch({ fetch, auth: { kind: 'session', session }, userAgent: 'ua' });
    const response = await wrapped('https://s/api/x', { headers: { Authorization: 'Bearer old' } });
    expect(response.status).toBe(200);
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('given a saved login, when the retry is refused too, then the 401 is returned (no loop)', async () => {
    const { fetch } = recordingFetch([401, 401, 200]);
    const session = {
      refresh: vi.fn(async () => true),
      current: { accessToken: 'new' },
    } as unknown as StoredSession;
    const wrapped = createAuthFetch({ fetch, auth: { kind: 'session', session }, userAgent: 'ua' });
    expect((await wrapped('https://s/api/x', {})).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('given SITESEER_TOKEN, when the API answers 401, then nothing is retried', async () => {
    const { fetch } = recordingFetch([401]);
    const wrapped = createAuthFetch({ fetch, auth: { kind: 'token', token: 't' }, userAgent: 'ua' });
    expect((await wrapped('https://s/api/x', {})).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('given an upload being watched, when a form is sent, then progress reaches the total and the body is intact', async () => {
    const { fetch, requests } = recordingFetch([200]);
    const uploads = new UploadProgress();
    const wrapped = createAuthFetch({
      fetch,
      auth: { kind: 'token', token: 't' },
      userAgent: 'ua',
      progress: uploads,
    });
    const form = new FormData();
    form.append('accountId', 'acc-1');
    form.append('file', new Blob(['x'.repeat(200_000)]), 'big.csv');
    const seen: number[] = [];
    await uploads.watch(
      (sent, total) => seen.push(sent / total),
      () => wrapped('https://s/api/parametric/file/import', { method: 'POST', body: form }),
    );
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(3);
    expect(requests[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(requests[0]?.body)).toContain('filename="big.csv"');
  });
});
