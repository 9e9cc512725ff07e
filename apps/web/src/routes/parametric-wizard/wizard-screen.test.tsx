import { MESSAGES } from '@siteseer/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Wizard } from './wizard-screen.tsx';

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
    price: {
      id: 'price',
      label: 'Price',
      position: 1,
      type: 'half_float',
      settings: {},
      enabled: true,
      supports: { filtering: false, sorting: true },
    },
  },
  filters: {},
  settings: {
    filterFormat: 'list',
    allowDownload: false,
    allowEmptyFilterValues: false,
    autoApplyFilters: true,
    showSearchBar: false,
  },
};

const uploaded = {
  importId: 'imp1',
  version: 1,
  originalFileName: 'parts.csv',
  uploadDate: '2026-03-01T00:00:00.000Z',
  rowCount: 2,
  columns: ['Part', 'Price'],
};

const happyApi: FakeRoutes = {
  'POST parametric/file/import': () => uploaded,
  'GET parametric/file/imp1/preview': () => ({ rows: [{ part: 'Bolt', price: 0.25 }], configuration }),
  'POST searchengines': () => ({ documentId: 'eng1', synonymFieldId: null, clientId: 'cli1' }),
  'POST parametric/create': () => ({ clientId: 'cli1' }),
};

function renderWizard(
  options: { role?: 'owner' | 'user'; api?: FakeRoutes; products?: ('pm' | 'kw')[] } = {},
) {
  return renderPortal({
    path: '/engine/parametric/create',
    routes: routesFor('/engine/parametric/create', <Wizard />),
    profile: profile({
      accounts: [account('a1', 'Acme', options.role ?? 'owner', options.products ?? ['pm', 'kw'])],
    }),
    features: seededFeatures(),
    api: options.api ?? happyApi,
  });
}

const csv = () => new File(['Part,Price\nBolt,0.25\n'], 'parts.csv', { type: 'text/csv' });
// MUI 9 renders a non-linear stepper as a tab list; a step's name starts with its number (the icon).
const stepButton = (name: string) => screen.getByRole('tab', { name: new RegExp(`^\\d*\\s*${name}$`) });

async function fillStep1(name = 'Hardware Parts') {
  await userEvent.type(screen.getByLabelText(/Search Engine Name/), name);
  await userEvent.upload(screen.getByLabelText('CSV or XLSX file'), csv());
}

describe('Parametric wizard', () => {
  it('Given no account supporting parametric engines, then the spec message shows', () => {
    renderWizard({ products: ['kw'] });
    expect(screen.getByText(MESSAGES.noAccountsForProduct)).toBeTruthy();
  });

  it('Given an empty step 1, when Next is pressed, then it shows the errors and stays on step 1', async () => {
    renderWizard();
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.nameAndFileInvalid)).toBeTruthy();
    expect(screen.getByText(MESSAGES.engineNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.fileRequired)).toBeTruthy();
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
  });

  it('Given a 4-character name, then the minimum length message shows', async () => {
    renderWizard();
    await fillStep1('Hard');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.engineNameTooShort)).toBeTruthy();
  });

  it('Given an upload the server refuses, then its text shows and the wizard stays on step 1', async () => {
    renderWizard({
      api: {
        'POST parametric/file/import': () =>
          Response.json({ error: 'The header row is empty.' }, { status: 400 }),
      },
    });
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The header row is empty.')).toBeTruthy();
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
  });

  it('Given an owner (PM_WIZARD_SE_CONFIG on), then the steps are Name, Fields, Configure and the last publishes', async () => {
    const { calls, router } = renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('table', { name: 'Columns' })).toBeTruthy();
    expect(stepButton('Name').hasAttribute('disabled')).toBe(false);
    expect(stepButton('Configure').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('combobox', { name: 'Filter format' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create & Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const create = calls.find((c) => c.path === 'parametric/create');
    expect(create?.body).toMatchObject({
      spreadsheetId: 'imp1',
      engineId: 'eng1',
      accountId: 'a1',
      version: 1,
      clientId: 'cli1',
    });
    expect(calls.find((c) => c.path === 'searchengines')?.body).toMatchObject({
      searchEngineType: 'pm',
      searchEngineName: 'Hardware Parts',
      searchEngineDetail: { importId: 'imp1' },
    });
  });

  it('Given a user role (PM_WIZARD_SE_CONFIG off), then there is no Configure step and Fields publishes', async () => {
    renderWizard({ role: 'user' });
    expect(screen.queryByRole('tab', { name: /Configure$/ })).toBeNull();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Create & Publish' })).toBeTruthy();
  });

  it('Given a column label emptied on step 2, then Next is blocked with the label message', async () => {
    renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.clear(await screen.findByLabelText('Column 1 label'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(MESSAGES.labelRequired)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Columns' })).toBeTruthy();
  });

  it('Given a decimal column, then range filter needs filtering on; an image column cannot filter or sort', async () => {
    renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const range = await screen.findByRole('checkbox', { name: 'Range filter on Price' });
    expect(range.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Filter by Price' }));
    expect(screen.getByRole('checkbox', { name: 'Range filter on Price' }).hasAttribute('disabled')).toBe(
      false,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Type of Part' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Image URL' }));
    expect(screen.getByRole('checkbox', { name: 'Filter by Part' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Sort by Part' }).hasAttribute('disabled')).toBe(true);
  });
});
