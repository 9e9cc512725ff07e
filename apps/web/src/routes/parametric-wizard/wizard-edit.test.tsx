import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queries.ts';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal } from '../../test/render.tsx';
import { takePendingReport } from '../error/pending-report.ts';
import { ENGINE_NOT_FOUND } from './edit-loader.ts';
import { editLoader, Component as Wizard } from './wizard-screen.tsx';

const configuration = {
  columns: {
    part: {
      id: 'part',
      label: 'Part',
      position: 0,
      type: 'keyword',
      settings: {},
      enabled: true,
      supports: { filtering: true, sorting: true },
    },
  },
  filters: {
    part: { id: 'part', label: 'Part', position: 0, type: 'default', supports: { rangeFilter: false } },
  },
  settings: {
    filterFormat: 'list',
    allowDownload: true,
    allowEmptyFilterValues: false,
    autoApplyFilters: true,
    showSearchBar: false,
  },
};

const parts = engine({
  id: 'eng1',
  searchEngineName: 'Hardware Parts',
  searchEngineType: 'pm',
  searchEngineDetail: {
    originalFileName: 'parts.csv',
    uploadDate: '2026-03-01T00:00:00.000Z',
    importId: 'imp1',
    version: 2,
  },
});

const editApi: FakeRoutes = {
  'GET searchengines/eng1': () => parts,
  'GET parametric/config': () => configuration,
  'GET clients': () => [
    { id: 'cli1', engineId: 'eng1', accountId: 'a1', type: 'pm', indexName: 'i1', settings: {} },
  ],
  'GET parametric/file/imp1/preview': () => ({ rows: [{ part: 'Bolt' }], configuration }),
};

/** The edit route as the route table declares it: the wizard with its loader. */
function renderEdit(engineId: string, api: FakeRoutes = editApi) {
  return renderPortal({
    path: `/engine/parametric/${engineId}/edit`,
    routes: (services) => [
      { path: '/engine/parametric/:engineId/edit', Component: Wizard, loader: editLoader(services) },
      { path: '/error', element: <p>Error page</p> },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ accounts: [account('a1', 'Acme', 'owner', ['pm'])] }),
    features: seededFeatures(),
    engines: [parts],
    api,
  });
}

describe('Parametric wizard, edit mode', () => {
  it('Given an engine of the account, when its edit URL opens, then the loader fills the wizard through the engine and configuration queries', async () => {
    const { calls, queryClient, router } = renderEdit('eng1');

    expect(await screen.findByDisplayValue('Hardware Parts')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /Fields$/ }));
    expect(await screen.findByRole('table', { name: 'Columns' })).toBeTruthy();
    expect((screen.getByLabelText('Column 1 label') as HTMLInputElement).value).toBe('Part');

    expect(queryClient.getQueryData(queryKeys.engine('eng1', 'a1'))).toMatchObject({ id: 'eng1' });
    expect(queryClient.getQueryData(queryKeys.parametricConfig('eng1', 'a1'))).toMatchObject({
      columns: { part: { id: 'part' } },
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET parametric/file/imp1/preview');
    expect(router.state.location.pathname).toBe('/engine/parametric/eng1/edit');
  });

  it('Given an engine id the user has no engine of, then it is not found and nothing of it is asked for', async () => {
    const { calls } = renderEdit('other');

    expect((await screen.findByRole('alert')).textContent).toBe(ENGINE_NOT_FOUND);
    expect(screen.queryByLabelText(/Search Engine Name/)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('Given 500 on the configuration, then the error page gets the report', async () => {
    const { router } = renderEdit('eng1', {
      ...editApi,
      'GET parametric/config': () => new Response('config store down', { status: 500 }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(takePendingReport()).toMatchObject({ errorText: 'config store down' });
  });
});
