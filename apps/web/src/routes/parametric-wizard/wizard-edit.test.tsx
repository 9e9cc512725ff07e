import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
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
  'GET parametric/file/imp1/history': () => [
    { originalFileName: 'parts.csv', uploadDate: '2026-03-01T00:00:00.000Z', version: 2, rowCount: 2 },
  ],
};

/** The edit route as the route table declares it: the wizard with its loader. */
function renderEdit(engineId: string, api: FakeRoutes = editApi, role: 'owner' | 'user' = 'owner') {
  return renderPortal({
    path: `/engine/parametric/${engineId}/edit`,
    routes: (services) => [
      { path: '/engine/parametric/:engineId/edit', Component: Wizard, loader: editLoader(services) },
      { path: '/error', element: <p>Error page</p> },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ accounts: [account('a1', 'Acme', role, ['pm'])] }),
    features: seededFeatures(),
    engines: [parts],
    api,
  });
}

describe('Parametric wizard, edit mode', () => {
  it('Given a role without ENGINE_EDIT, when the edit URL is opened, then the reason shows instead of the steps', async () => {
    const { calls } = renderEdit('eng1', editApi, 'user');
    expect(
      await screen.findByText('Your role cannot edit search engines (feature ENGINE_EDIT).'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Parametric Search Engine');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

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

describe('Parametric wizard (edit): the unsaved-changes prompt', () => {
  const publishApi: FakeRoutes = {
    ...editApi,
    'PUT searchengines/eng1': () => ({ synonymFieldId: null }),
    'POST parametric/config': () => configuration,
    'PUT parametric/publish': () => ({ engineId: 'eng1', version: 2 }),
  };

  async function openFields(api: FakeRoutes = editApi) {
    const view = renderEdit('eng1', api);
    await screen.findByDisplayValue('Hardware Parts');
    await userEvent.click(screen.getByRole('tab', { name: /Fields$/ }));
    return { ...view, label: await screen.findByLabelText('Column 1 label') };
  }

  it('Given a column label changed, when the dashboard is opened, then the spec question asks; Cancel keeps the change, Yes leaves', async () => {
    const { router, label } = await openFields();
    await userEvent.type(label, 's');

    void router.navigate('/');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/engine/parametric/eng1/edit');
    expect((screen.getByLabelText('Column 1 label') as HTMLInputElement).value).toBe('Parts');

    void router.navigate('/');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given a label changed and typed back, when leaving, then nothing asks', async () => {
    const { router, label } = await openFields();
    await userEvent.type(label, 's{Backspace}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sort by Part' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sort by Part' }));

    await router.navigate('/');
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given a change published with Finish & Publish, then the wizard goes to the dashboard without asking', async () => {
    const { router, label, calls } = await openFields(publishApi);
    await userEvent.type(label, 's');
    await userEvent.click(screen.getByRole('tab', { name: /Configure$/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish & Publish' }));

    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.path === 'parametric/config' && c.method === 'POST')?.body).toMatchObject({
      configuration: { columns: { part: { label: 'Parts' } } },
    });
  });
});

describe('Parametric wizard (edit): a new file', () => {
  // The new file keeps Part and adds Weight (g): 3 rows where the live one has 2.
  const withWeight = {
    ...configuration,
    columns: {
      ...configuration.columns,
      weight: {
        ...configuration.columns.part,
        id: 'weight',
        label: 'Weight%20(g)',
        position: 1,
        type: 'integer',
      },
    },
  };
  const newFileApi: FakeRoutes = {
    ...editApi,
    'POST parametric/file/imp1': () => ({
      importId: 'imp1',
      version: 3,
      originalFileName: 'parts-v3.csv',
      uploadDate: '2026-03-02T00:00:00.000Z',
      rowCount: 3,
      columns: ['Part', 'Weight (g)'],
    }),
    'GET parametric/file/imp1/preview': () => ({
      rows: [{ part: 'Bolt', weight: 4 }],
      configuration: withWeight,
    }),
  };

  it('Given a new file uploaded, when the last step is reached, then what it changes shows before Finish & Publish', async () => {
    renderEdit('eng1', newFileApi);
    await screen.findByDisplayValue('Hardware Parts');
    await userEvent.click(screen.getByRole('checkbox', { name: "I'd like to update the file" }));
    const file = new File(['Part,Weight (g)\nBolt,4\nNut,1\nWasher,1\n'], 'parts-v3.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(screen.getByLabelText('CSV or XLSX file'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('table', { name: 'Columns' });
    expect(screen.queryByRole('note', { name: 'What the new file changes' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const note = await screen.findByRole('note', { name: 'What the new file changes' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rows: 2 → 3', 'Columns added: Weight (g)']);
    expect(screen.getByRole('button', { name: 'Finish & Publish' })).toBeTruthy();
  });
});
