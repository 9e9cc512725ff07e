/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, verifyAlertSignature } from '@siteseer/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../api/portal-api.ts';
import { featuresQuery, profileQuery } from '../../api/queries.ts';
import { defaultRuntimeConfig } from '../../config/runtime-config.ts';
import type { Session } from '../../session/session.ts';
import { App } from '../../shell/app.tsx';
import type { Services } from '../../shell/services.tsx';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { fakeUploads } from '../../test/render.tsx';
import { Component as EngineAlerts } from './engine-alerts-screen.tsx';

/*
 * The Alerts screen against the real API (PGlite in memory) and a real webhook receiver on
 * 127.0.0.1: a webhook saved shows its secret once, a test alert signed with it arrives, and the
 * delivery log's table says it was delivered; a private address is refused with the server's reason.
 */

let server: RealApi;
let engineId: string;
const received: { signature: string; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({
      signature: String(req.headers['siteseer-signature']),
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(202).end();
  });
});
let receiverUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  server = await startRealApi({ SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.base}/`);
  const response = await fetch(`${server.base}/api/searchengines`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      searchEngineType: 'kw',
      accountId: server.accountId,
      searchEngineName: 'Alerted docs',
      urls: ['https://docs.example/'],
    }),
  });
  engineId = String(((await response.json()) as { documentId: string }).documentId);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function renderAlerts() {
  const api = createApiClient({
    baseUrl: `${server.base}/api`,
    getToken: () => server.token,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQuery(api).queryKey, unwrap(await api.profile.me()));
  queryClient.setQueryData(featuresQuery(api).queryKey, unwrap(await api.features.list()));
  const services: Services = {
    config: defaultRuntimeConfig(server.base),
    api,
    uploads: fakeUploads({}, []),
    session: { isSignedIn: () => true } as unknown as Session,
    queryClient,
    reportApiError: () => false,
  };
  const router = createMemoryRouter([{ path: '/engine/:engineId/alerts', element: <EngineAlerts /> }], {
    initialEntries: [`/engine/${engineId}/alerts`],
  });
  render(<App services={services} router={router} />);
}

describe('Alerts against the real API', () => {
  it('Given a private webhook address, then saving shows the server’s reason', async () => {
    await renderAlerts();
    const url = await screen.findByLabelText('Webhook URL');
    await userEvent.type(url, 'http://10.0.0.9/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save Alerts' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The webhook URL is refused: address 10.0.0.9 is in a refused range (private).',
    );
  });

  it('Given a webhook saved, then its secret shows once and a test alert arrives signed and is logged', async () => {
    await renderAlerts();
    expect(await screen.findByText('No alert has been sent yet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Webhook URL'), receiverUrl);
    const share = screen.getByLabelText('4xx/5xx share of a crawl (%)');
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save Alerts' }));
    const secretField = (await screen.findByLabelText('Webhook secret')) as HTMLInputElement;
    const secret = secretField.value;
    expect(secret).toMatch(/^whsec_/);
    expect(screen.getByText('The alerts are saved.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send Test Alert' }));
    expect(await screen.findByText('A test alert is on its way to 1 channel.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: /latest 1 deliveries/ });
    const row = await within(table).findByRole('row', { name: /Delivered/ }, { timeout: 10_000 });
    expect(within(row).getByText('Test alert')).toBeTruthy();
    expect(within(row).getByText('HTTP 202')).toBeTruthy();
    const [request] = received;
    expect(
      await verifyAlertSignature({ header: request?.signature, body: request?.body ?? '', secret }),
    ).toBe(true);
  }, 30_000);

  it('Given the screen opened again, then the secret is not shown and the saved threshold is', async () => {
    await renderAlerts();
    expect(((await screen.findByLabelText('4xx/5xx share of a crawl (%)')) as HTMLInputElement).value).toBe(
      '25',
    );
    expect(screen.queryByLabelText('Webhook secret')).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace Webhook Secret' })).toBeTruthy();
  });
});
