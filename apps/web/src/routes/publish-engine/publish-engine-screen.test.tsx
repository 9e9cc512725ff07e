import type { SearchEngine, SpreadsheetHistoryEntry } from '@siteseer/core';
import { INGEST_API_CREATOR, MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { PUBLISH_TEXT } from './publish-access.ts';
import { Component as PublishEngine } from './publish-engine-screen.tsx';

const history: SpreadsheetHistoryEntry[] = [
  {
    originalFileName: 'parts.csv',
    uploadDate: '2026-03-01T09:00:00.000Z',
    version: 1,
    importId: 'imp1',
    rowCount: 1200,
    uploadedBy: 'olive@example.com',
  },
  {
    originalFileName: 'parts-v2.csv',
    uploadDate: '2026-03-02T09:00:00.000Z',
    version: 2,
    importId: 'imp1',
    rowCount: 3,
    uploadedBy: INGEST_API_CREATOR,
  },
];

const detail = (version: number) => {
  const entry = history[version - 1] as SpreadsheetHistoryEntry;
  return {
    originalFileName: entry.originalFileName,
    uploadDate: entry.uploadDate,
    importId: 'imp1',
    version,
  };
};

const parts = (overrides: Partial<SearchEngine> = {}) =>
  engine({
    id: 'p1',
    searchEngineName: 'Parts Table',
    searchEngineType: 'pm',
    searchEngineDetail: detail(2),
    ...overrides,
  });
const client = {
  id: 'c1',
  engineId: 'p1',
  accountId: 'a1',
  type: 'pm' as const,
  indexName: 'a1-pm-p1',
  settings: {},
};

/** A server that publishes: PUT moves the live version, and the engine list then says so. */
function publishingServer(state = { live: 2 }): FakeRoutes {
  return {
    'GET parametric/file/imp1/history': () => history,
    'PUT parametric/publish': (call) => {
      state.live = (call.body as { version: number }).version;
      return { engineId: 'p1', version: state.live };
    },
    'GET searchengines': () => [parts({ searchEngineDetail: detail(state.live) })],
    'GET clients': () => [client],
  };
}

function renderPublish(
  options: {
    role?: 'owner' | 'admin' | 'user';
    engines?: SearchEngine[];
    api?: FakeRoutes;
    features?: ReturnType<typeof seededFeatures>;
    path?: string;
  } = {},
) {
  return renderPortal({
    path: options.path ?? '/engine/p1/publish',
    routes: routesFor('/engine/:engineId/publish', <PublishEngine />),
    profile: profile({ accounts: [account('a1', 'Acme', options.role ?? 'owner')], clients: { p1: client } }),
    features: options.features ?? seededFeatures(),
    engines: options.engines ?? [parts()],
    api: options.api ?? publishingServer(),
  });
}

const table = () => screen.findByRole('table', { name: 'Versions' });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });

describe('Publish Versions', () => {
  it('Given a parametric engine with two versions, then they are listed newest first with the live one marked', async () => {
    renderPublish();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Publish Versions: Parts Table');
    const versions = await table();
    expect(
      within(versions)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Version', 'File', 'Uploaded', 'Rows', 'Uploaded by', 'Status', 'Actions']);
    expect(
      within(versions)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Version 2', 'Version 1']);
    const live = row('Version 2');
    expect(within(live).getByText('Live')).toBeTruthy();
    expect(within(live).getByText('parts-v2.csv')).toBeTruthy();
    expect(within(live).getByText('Data-source API')).toBeTruthy();
    expect(within(live).queryByRole('button', { name: 'Publish' })).toBeNull();
    const older = row('Version 1');
    expect(within(older).queryByText('Live')).toBeNull();
    expect(within(older).getByText((1200).toLocaleString())).toBeTruthy();
    expect(within(older).getByText('olive@example.com')).toBeTruthy();
    const publish = within(older).getByRole('button', { name: 'Publish' });
    expect(publish.getAttribute('aria-describedby')).toBe(within(older).getByRole('rowheader').id);
    expect(within(older).getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('Given Publish on version 1, when confirmed, then it is published and becomes the live one', async () => {
    const { calls } = renderPublish();
    await table();
    await userEvent.click(within(row('Version 1')).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 1?' });
    expect(dialog.textContent).toContain('parts.csv');
    expect(dialog.textContent).toContain('Version 2, live now, stays in the list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish version 1' }));
    expect((await screen.findByRole('status')).textContent).toBe('Version 1 is live.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row('Version 1')).getByText('Live')).toBeTruthy();
    expect(within(row('Version 2')).queryByText('Live')).toBeNull();
    expect(within(row('Version 2')).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: 'parametric/publish',
        body: { version: 1, accountId: 'a1', engineId: 'p1', clientId: 'c1' },
      },
    ]);
  });

  it('Given the confirmation cancelled, then nothing is published', async () => {
    const { calls } = renderPublish();
    await table();
    await userEvent.click(within(row('Version 1')).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(within(row('Version 2')).getByText('Live')).toBeTruthy();
  });

  it('Given a refused publish, then the dialog stays open with the reason and the live version is unchanged', async () => {
    const api = publishingServer();
    api['PUT parametric/publish'] = () =>
      Response.json(
        { title: 'Bad Request', status: 400, detail: "Row 2, column 'Price': 'n/a' is not a number." },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      );
    renderPublish({ api });
    await table();
    await userEvent.click(within(row('Version 1')).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish version 1' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Row 2, column 'Price': 'n/a' is not a number.",
    );
    expect(within(dialog).getByRole('button', { name: 'Publish version 1' })).toHaveProperty(
      'disabled',
      false,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row('Version 2')).getByText('Live')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Given Download on version 1, then that version of the file is asked for', async () => {
    const api = publishingServer();
    api['GET parametric/download'] = () =>
      new Response('Part\nBolt\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="parts.csv"' },
      });
    const { calls } = renderPublish({ api });
    await table();
    await userEvent.click(within(row('Version 1')).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('parametric/download'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Given an engine made by the data-source API, then Download says what the spec says and asks for nothing', async () => {
    const { calls } = renderPublish({ engines: [parts({ createdBy: INGEST_API_CREATOR })] });
    await table();
    await userEvent.click(within(row('Version 1')).getByRole('button', { name: 'Download' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.apiEngineActionUnsupported);
    expect(calls.map((c) => c.path)).not.toContain('parametric/download');
    // Publishing its versions stays offered: the API and the CLI publish them too.
    expect(within(row('Version 1')).getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('Given a keyword engine, then it says versions are for parametric engines and reads no history', async () => {
    const { calls } = renderPublish({
      engines: [engine({ id: 'p1', searchEngineName: 'Site Search', searchEngineType: 'kw' })],
    });
    expect(await screen.findByText(PUBLISH_TEXT.keywordEngine)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('parametric/file/imp1/history');
  });

  it('Given an engine the viewer cannot see, then it is not found and nothing of it is asked for', async () => {
    const { calls } = renderPublish({ path: '/engine/other/publish' });
    expect(await screen.findByText(PUBLISH_TEXT.notFound)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Publish Versions');
    expect(calls.filter((c) => c.path.startsWith('parametric/'))).toEqual([]);
  });

  it('Given a user role (Edit is for managers), then publishing is not offered and no history is read', async () => {
    const { calls } = renderPublish({ role: 'user' });
    expect(await screen.findByText(PUBLISH_TEXT.notAllowed)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('parametric/'))).toEqual([]);
  });

  it('Given Edit on for users, then a user may publish but not download', async () => {
    renderPublish({ role: 'user', features: seededFeatures({ ENGINE_EDIT: ['owner', 'admin', 'user'] }) });
    await table();
    expect(within(row('Version 1')).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(row('Version 1')).queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('Given a parametric engine never published, then it says there are no versions yet', async () => {
    renderPublish({ engines: [parts({ searchEngineDetail: undefined })] });
    expect(await screen.findByText(PUBLISH_TEXT.noFile)).toBeTruthy();
  });
});
