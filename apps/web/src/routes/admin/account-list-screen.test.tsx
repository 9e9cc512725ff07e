import type { Account } from '@siteseer/core';
import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal } from '../../test/render.tsx';
import { Component as AccountList } from './account-list-screen.tsx';
import { Component as AdminLayout } from './admin-screen.tsx';

const accounts: Account[] = [
  { id: 'a1', name: 'beta', products: ['kw'], createdDate: '2026-03-02T10:00:00.000Z' },
  { id: 'a2', name: 'Acme', products: ['pm', 'kw'], createdDate: '2026-01-15T08:00:00.000Z' },
  { id: 'a3', name: 'Zeta', products: ['pm'], createdDate: '2025-12-31T23:00:00.000Z' },
];

function renderList(api: FakeRoutes, isBZAdmin = true) {
  return renderPortal({
    path: '/admin/accounts',
    routes: [
      { path: '/admin', Component: AdminLayout, children: [{ path: 'accounts', Component: AccountList }] },
      { path: '/', element: <p>Home</p> },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ id: 'su', isBZAdmin, accounts: [] }),
    features: seededFeatures(),
    api,
  });
}

const table = () => screen.findByRole('table', { name: 'Accounts' });
const names = async () =>
  within(await table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('Account list', () => {
  it('Given accounts, then name links, Product Types, YYYY-MM-DD dates, and sorting by each column both ways', async () => {
    renderList({ 'GET admin/accounts': () => accounts });
    expect(await names()).toEqual(['Acme', 'beta', 'Zeta']);
    const acme = within(screen.getByRole('rowheader', { name: 'Acme' }).closest('tr') as HTMLElement);
    expect(acme.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/admin/account/a2/view');
    expect(acme.getByText('Parametric, Keyword')).toBeTruthy();
    expect(acme.getByText('2026-01-15')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(await names()).toEqual(['Zeta', 'beta', 'Acme']);
    await userEvent.click(screen.getByRole('button', { name: 'Created Date' }));
    expect(await names()).toEqual(['Zeta', 'Acme', 'beta']);
    expect(screen.getByRole('columnheader', { name: 'Created Date' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Product Types' }));
    expect(await names()).toEqual(['beta', 'Zeta', 'Acme']);
  });

  it('Given no accounts, then No Accounts shows and Add Account opens the create page', async () => {
    const { router } = renderList({ 'GET admin/accounts': () => [] });
    expect(await within(await table()).findByText(MESSAGES.noAccounts)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account/create'));
  });

  it('Given a row, when Edit is pressed, then its edit page opens', async () => {
    const { router } = renderList({ 'GET admin/accounts': () => accounts });
    const beta = within(
      (await screen.findByRole('rowheader', { name: 'beta' })).closest('tr') as HTMLElement,
    );
    await userEvent.click(beta.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account/a1/edit'));
  });

  it('Given a row, when it is deleted through the typed-name dialog, then the call is made and the row leaves', async () => {
    const { calls } = renderList({
      'GET admin/accounts': () => accounts,
      'DELETE admin/account/a3': () => ({ id: 'a3' }),
      'GET searchengines': () => [],
      'GET profile/me': () => profile({ id: 'su', isBZAdmin: true, accounts: [] }),
    });
    const zeta = within(
      (await screen.findByRole('rowheader', { name: 'Zeta' })).closest('tr') as HTMLElement,
    );
    await userEvent.click(zeta.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account?' });
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'Zeta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes Delete this Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['admin/account/a3']);
    expect(await names()).toEqual(['Acme', 'beta']);
  });

  it('Given a user who is not a super admin, then /admin/accounts sends them home without asking the API', async () => {
    const { router, calls } = renderList({ 'GET admin/accounts': () => accounts }, false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([]);
  });
});
