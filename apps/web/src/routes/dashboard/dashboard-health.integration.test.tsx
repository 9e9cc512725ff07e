import { createApiClient } from '@siteseer/core';
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
import { Component as Dashboard } from './dashboard-screen.tsx';
import { unpublishedReason } from './engine-health.tsx';

/*
 * The dashboard against the real API (PGlite in memory, no crawl loop) on 127.0.0.1: the health the
 * engines list answers is what the cards say, and a delete the server performs raises the toast.
 */

let server: RealApi;
let keywordId: string;

async function call(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.base}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  server = await startRealApi();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.base}/`);
  const accountId = server.accountId;
  await call('POST', 'searchengines', { searchEngineType: 'pm', accountId, searchEngineName: 'Empty table' });
  const keyword = await call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId,
    searchEngineName: 'Crawled docs',
    urls: ['https://docs.example/'],
  });
  keywordId = String(keyword.documentId);
  // The crawl starts; with no crawl loop in this server it stays running with its start URL known.
  await call('POST', 'datasource/crawler', {
    accountId,
    engineId: keywordId,
    urls: ['https://docs.example/'],
    recreate: true,
  });
}, 60_000);

afterAll(() => server?.close());

async function renderDashboard() {
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
  render(<App services={services} router={createMemoryRouter([{ path: '*', element: <Dashboard /> }])} />);
}

const card = (name: string) => screen.findByRole('article', { name });

describe('Dashboard health against the real API', () => {
  it('Given a parametric engine without a file, then it says Never published and Preview and Install say why they are off', async () => {
    await renderDashboard();
    const table = await card('Empty table');
    expect(within(table).getByText('Never published')).toBeTruthy();
    expect(within(table).getByText('Searches in the last 7 days: 0')).toBeTruthy();
    for (const name of ['Preview', 'Install']) {
      const button = within(table).getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-description')).toBe(unpublishedReason('pm'));
    }
  });

  it('Given a crawl running, then the keyword card says Crawling with its fetched and known URLs', async () => {
    await renderDashboard();
    const docs = await card('Crawled docs');
    expect(within(docs).getByText('Crawling')).toBeTruthy();
    expect(within(docs).getByText('Fetched 0 of 1 known URL')).toBeTruthy();
    expect(within(docs).getByRole('link', { name: 'Status' })).toBeTruthy();
  });

  it('Given the delete confirmed, then the server deletes it and a toast says so', async () => {
    await renderDashboard();
    const table = await card('Empty table');
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Empty table' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Search Engine?' });
    await userEvent.type(within(dialog).getByLabelText('Search engine name'), 'Empty table');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes Delete this Search' }));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Search engine Empty table deleted.');
    const names = (
      (await (
        await fetch(`${server.base}/api/searchengines`, {
          headers: { authorization: `Bearer ${server.token}` },
        })
      ).json()) as { searchEngineName: string }[]
    ).map((e) => e.searchEngineName);
    expect(names).not.toContain('Empty table');
  });
});
