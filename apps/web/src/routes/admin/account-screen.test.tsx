import type { Account, AccountUser } from '@siteseer/core';
import { MESSAGES, productInUseMessage } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeCall, type FakeRoutes, renderPortal } from '../../test/render.tsx';
import { Component as AccountPage } from './account-screen.tsx';

const acme: Account = {
  id: 'a1',
  name: 'Acme',
  products: ['pm', 'kw'],
  createdDate: '2026-01-15T08:00:00.000Z',
};
const acmeUsers: AccountUser[] = [
  { id: 'u1', first: 'Olive', last: 'Owner', email: 'olive@example.com', role: 'owner' },
];

function renderAccount(path: string, api: FakeRoutes) {
  return renderPortal({
    path,
    routes: [
      { path: '/admin/account/create', Component: AccountPage },
      { path: '/admin/account/:accountId/:action', Component: AccountPage },
      { path: '/admin/accounts', element: <p>Account list</p> },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ id: 'su', isBZAdmin: true, accounts: [] }),
    features: seededFeatures(),
    api: {
      'GET admin/accounts': () => [acme],
      'GET profile/me': () => profile({ id: 'su', isBZAdmin: true, accounts: [] }),
      ...api,
    },
  });
}

const existing: FakeRoutes = {
  'GET admin/account/a1': () => acme,
  'GET account/a1/users': () => acmeUsers,
};

async function addUser(first: string, last: string, email: string, role: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('First Name'), first);
  await userEvent.type(screen.getByLabelText('Last Name'), last);
  await userEvent.selectOptions(screen.getByLabelText('Role'), role);
  await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
}

describe('Administration account page, create', () => {
  it('Given the create page, then its header and no API key generator; Save waits for changes; the account is created with its users and its page opens', async () => {
    const created: Account = {
      id: 'a9',
      name: 'Nova',
      products: ['kw'],
      createdDate: '2026-04-01T00:00:00.000Z',
    };
    const { calls, router } = renderAccount('/admin/account/create', {
      'POST admin/accounts': () => created,
      'GET admin/account/a9': () => created,
      'GET account/a9/users': () => [
        { id: 'n1', first: 'Nell', last: 'Nova', email: 'nell@example.com', role: 'owner' },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate API Key' })).toBeNull();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await userEvent.type(screen.getByLabelText(/Account Name/), 'Nova');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keyword' }));
    // With nobody owner yet, the form offers Owner; once a pending owner exists it no longer does.
    await addUser('Nell', 'Nova', 'nell@example.com', 'owner');
    const roles = within(screen.getByLabelText('Role')).getAllByRole('option');
    expect(roles.find((o) => o.textContent === 'Owner')?.hasAttribute('disabled')).toBe(true);
    // No account yet: nothing to check the email against.
    expect(calls.some((c) => c.path.endsWith('user/check'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account/a9/edit'));
    expect(calls.find((c: FakeCall) => c.method === 'POST')?.body).toEqual({
      name: 'Nova',
      products: ['kw'],
      users: [{ first: 'Nell', last: 'Nova', email: 'nell@example.com', role: 'owner' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Editing: Nova' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate API Key' })).toBeTruthy();
  });

  it("Given another account's name, then Save is refused with the account name rule", async () => {
    const { calls } = renderAccount('/admin/account/create', {});
    await userEvent.type(await screen.findByLabelText(/Account Name/), 'acme ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.accountNameTaken)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Administration account page, view and edit', () => {
  it('Given view mode, then the name is the header, fields are read-only, Edit opens edit mode', async () => {
    const { router } = renderAccount('/admin/account/a1/view', existing);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeTruthy();
    expect(screen.getByLabelText(/Account Name/).hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Parametric' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account/a1/edit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Editing: Acme' })).toBeTruthy();
    // Edit is replaced by Save: focus goes on to the name rather than back to the top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Account Name/)));
  });

  it('Then the page title names the account and the mode, as the header does', async () => {
    const { router } = renderAccount('/admin/account/a1/view', existing);
    await screen.findByRole('heading', { level: 1, name: 'Acme' });
    expect(document.title).toBe('Acme | Siteseer');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account/a1/edit'));
    await waitFor(() => expect(document.title).toBe('Editing: Acme | Siteseer'));
  });

  it("Given a product removed while engines of it exist, then the API's refusal shows under Products", async () => {
    const refusal = productInUseMessage('Parametric');
    const { calls } = renderAccount('/admin/account/a1/edit', {
      ...existing,
      'PUT admin/account/a1': () => Response.json({ detail: refusal, field: 'products' }, { status: 409 }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Parametric' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Products' });
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(refusal);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ products: ['kw'] });
  });

  it('Given a changed name, when Done is pressed, then the question is asked; Yes goes to the list without saving', async () => {
    const { router, calls } = renderAccount('/admin/account/a1/edit', existing);
    await userEvent.type(await screen.findByLabelText(/Account Name/), ' Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const question = screen.getByRole('dialog', { name: 'Unsaved changes' });
    expect(within(question).getByText(MESSAGES.unsavedChanges)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/accounts'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Given a name change saved, then only the name is sent and Save is disabled again', async () => {
    let stored = acme;
    const { calls } = renderAccount('/admin/account/a1/edit', {
      ...existing,
      'GET admin/account/a1': () => stored,
      'PUT admin/account/a1': () => {
        stored = { ...acme, name: 'Acme Ltd' };
        return stored;
      },
    });
    await userEvent.type(await screen.findByLabelText(/Account Name/), ' Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Acme Ltd' });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Editing: Acme Ltd' })).toBeTruthy();
  });

  it('Given an unknown account, then it says so', async () => {
    renderAccount('/admin/account/zz/view', {
      'GET admin/account/zz': () => Response.json({ detail: 'Account not found' }, { status: 404 }),
      'GET account/zz/users': () => Response.json({ detail: 'Account not found' }, { status: 404 }),
    });
    expect(await screen.findByText('This account was not found.')).toBeTruthy();
  });
});
