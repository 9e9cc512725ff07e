import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { account, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeRoutes, type RenderOptions, renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Wizard } from './wizard-screen.tsx';

/*
 * Test support (not part of the portal): what the parametric wizard's create-mode tests share.
 */

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

export const uploaded = {
  importId: 'imp1',
  version: 1,
  originalFileName: 'parts.csv',
  uploadDate: '2026-03-01T00:00:00.000Z',
  rowCount: 2,
  columns: ['Part', 'Price'],
};

export const happyApi: FakeRoutes = {
  'POST parametric/file/import': () => uploaded,
  'GET parametric/file/imp1/preview': () => ({ rows: [{ part: 'Bolt', price: 0.25 }], configuration }),
  'POST searchengines': () => ({ documentId: 'eng1', synonymFieldId: null, clientId: 'cli1' }),
  'POST parametric/create': () => ({ clientId: 'cli1' }),
};

export function renderWizard(
  options: {
    role?: 'owner' | 'user';
    api?: FakeRoutes;
    products?: ('pm' | 'kw')[];
    features?: RenderOptions['features'];
  } & Pick<RenderOptions, 'uploadRequests' | 'reportApiError'> = {},
) {
  return renderPortal({
    path: '/engine/parametric/create',
    routes: routesFor('/engine/parametric/create', <Wizard />),
    profile: profile({
      accounts: [account('a1', 'Acme', options.role ?? 'owner', options.products ?? ['pm', 'kw'])],
    }),
    features: options.features ?? seededFeatures(),
    api: options.api ?? happyApi,
    ...(options.uploadRequests ? { uploadRequests: options.uploadRequests } : {}),
    ...(options.reportApiError ? { reportApiError: options.reportApiError } : {}),
  });
}

export const csv = () => new File(['Part,Price\nBolt,0.25\n'], 'parts.csv', { type: 'text/csv' });
// MUI 9 renders a non-linear stepper as a tab list; a step's name starts with its number (the icon).
export const stepButton = (name: string) =>
  screen.getByRole('tab', { name: new RegExp(`^\\d*\\s*${name}$`) });

export async function fillStep1(name = 'Hardware Parts') {
  await userEvent.type(screen.getByLabelText(/Search Engine Name/), name);
  await userEvent.upload(screen.getByLabelText('CSV or XLSX file'), csv());
}
