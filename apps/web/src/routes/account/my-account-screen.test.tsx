import type { AccountUser, NewAccountUser } from '@siteseer/core';
import { MESSAGES, superAdminUserMessage } from '@siteseer/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE_TEXT } from '../../api/error-text.ts';
import { account, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeCall, type FakeRoutes, renderPortal } from '../../test/render.tsx';
import { Component as MyAccount } from './my-account-screen.tsx';

const acme = account('a1', 'Acme', 'owner');
const team: AccountUser[] = [
  { id: 'u1', first: 'Olive', last: 'Owner', email: 'olive@example.com', role: 'owner' },
  { id: 'u2', first: 'Ada', last: 'Admin', email: 'ada@example.com', role: 'admin' },
  { id: 'u3', first: 'Uma', last: 'User', email: 'uma@example.com', role: 'user' },
];

/** The account API of one account, keeping its users as the server would. */
function accountApi(overrides: FakeRoutes = {}): FakeRoutes {
  let users = [...team];
  return {
    'GET account/a1': () => acme,
    'GET account/a1/users': () => users,
    'GET account/a1/user/check': () => new Response(null, { status: 204 }),
    'POST account/a1/users': (call: FakeCall) => {
      const added = (call.body as { users: NewAccountUser[] }).users;
      users = [...users, ...added.map((u, i) => ({ ...u, id: `new${i}` }))];
      return users;
    },
    'PUT account/a1/user/u3': (call: FakeCall) => {
      users = users.map((u) => (u.id === 'u3' ? { ...u, role: (call.body as { role: 'admin' }).role } : u));
      return users;
    },
    ...overrides,
  };
}

function renderMyAccount(path: string, role: 'owner' | 'admin' | 'user' = 'owner', api = accountApi()) {
  const me = { owner: 'u1', admin: 'u2', user: 'u3' }[role];
  return renderPortal({
    path,
    routes: [
      { path: '/account/:action', Component: MyAccount },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ id: me, accounts: [account('a1', 'Acme', role)] }),
    features: seededFeatures(),
    api,
  });
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const row = async (name: string) => {
  const cell = within(await usersTable()).getByRole('rowheader', { name: new RegExp(name) });
  return within(cell.closest('tr') as HTMLElement);
};
const disabled = (element: HTMLElement) => element.hasAttribute('disabled');

async function addUser(first: string, last: string, email: string, role?: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('First Name'), first);
  await userEvent.type(screen.getByLabelText('Last Name'), last);
  if (role) await userEvent.selectOptions(screen.getByLabelText('Role'), role);
  await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
}

describe('My Account, view mode', () => {
  it('Given the owner, then the name, API key generator, products and users show, every row control disabled', async () => {
    renderMyAccount('/account/view');
    expect((await screen.findByLabelText('Account Name')).getAttribute('value')).toBe('Acme');
    expect(screen.getByRole('button', { name: 'Generate API Key' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Products' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Parametric', 'Keyword']);
    const ada = await row('Ada Admin');
    expect(disabled(ada.getByRole('combobox', { name: 'Role of Ada Admin' }))).toBe(true);
    expect(disabled(ada.getByRole('button', { name: 'Delete' }))).toBe(true);
    expect(disabled(ada.getByRole('button', { name: 'Transfer Ownership' }))).toBe(true);
    expect((await row('Olive Owner')).queryByRole('button', { name: 'Transfer Ownership' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add User' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('Then the page title names the account, and says when it is being edited', async () => {
    renderMyAccount('/account/view');
    await usersTable();
    expect(document.title).toBe('My Account: Acme | Siteseer');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(document.title).toBe('Editing My Account: Acme | Siteseer'));
  });

  it('Given a plain user, then there is no API key generator and no Edit; /account/edit shows view mode', async () => {
    const { router } = renderMyAccount('/account/edit', 'user');
    await usersTable();
    expect(router.state.location.pathname).toBe('/account/view');
    expect(document.title).toBe('My Account: Acme | Siteseer');
    expect(screen.queryByRole('button', { name: 'Generate API Key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('Given an action other than view or edit, then the page does not exist', async () => {
    renderMyAccount('/account/delete');
    expect(await screen.findByText('The page /account/delete does not exist.')).toBeTruthy();
  });
});

describe('My Account, edit mode: the role rules', () => {
  it('Given the owner editing, then colleagues can be deleted, transferred to and re-roled; the owner row and their own cannot', async () => {
    renderMyAccount('/account/edit');
    const olive = await row('Olive Owner');
    expect(disabled(olive.getByRole('combobox', { name: 'Role of Olive Owner' }))).toBe(true);
    expect(disabled(olive.getByRole('button', { name: 'Delete' }))).toBe(true);
    expect(olive.queryByRole('button', { name: 'Transfer Ownership' })).toBeNull();
    const uma = await row('Uma User');
    expect(disabled(uma.getByRole('combobox', { name: 'Role of Uma User' }))).toBe(false);
    expect(disabled(uma.getByRole('button', { name: 'Delete' }))).toBe(false);
    expect(disabled(uma.getByRole('button', { name: 'Transfer Ownership' }))).toBe(false);
    // A saved user is never made owner from the selector: that is Transfer Ownership.
    const owner = within(uma.getByRole('combobox', { name: 'Role of Uma User' })).getByRole('option', {
      name: 'Owner',
    });
    expect(disabled(owner)).toBe(true);
  });

  it('Given an admin editing, then they cannot transfer ownership, nor delete or re-role themselves', async () => {
    renderMyAccount('/account/edit', 'admin');
    const ada = await row('Ada Admin');
    expect(disabled(ada.getByRole('combobox', { name: 'Role of Ada Admin' }))).toBe(true);
    expect(disabled(ada.getByRole('button', { name: 'Delete' }))).toBe(true);
    const uma = await row('Uma User');
    expect(disabled(uma.getByRole('button', { name: 'Transfer Ownership' }))).toBe(true);
    expect(disabled(uma.getByRole('button', { name: 'Delete' }))).toBe(false);
  });

  it('Given an owner exists, then the add form offers Owner disabled, Admin and User', async () => {
    renderMyAccount('/account/edit');
    await usersTable();
    const roles = within(screen.getByLabelText('Role')).getAllByRole('option');
    expect(roles.map((o) => [o.textContent, disabled(o)])).toEqual([
      ['Owner', true],
      ['Admin', false],
      ['User', false],
    ]);
  });

  it('Given a role change of a saved user, then it is sent at once and the table shows the answer', async () => {
    const { calls } = renderMyAccount('/account/edit');
    const uma = await row('Uma User');
    await userEvent.selectOptions(uma.getByRole('combobox', { name: 'Role of Uma User' }), 'admin');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === 'account/a1/user/u3')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'admin' });
    await waitFor(async () =>
      expect(
        ((await row('Uma User')).getByRole('combobox', { name: 'Role of Uma User' }) as HTMLSelectElement)
          .value,
      ).toBe('admin'),
    );
  });
});

describe('My Account, the add-user form', () => {
  it('Given empty fields, then each required field says so; an email of the account says it is in use', async () => {
    renderMyAccount('/account/edit');
    await usersTable();
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    await addUser('Ann', 'Other', 'ADA@example.com');
    expect(screen.getByText(MESSAGES.emailInUse)).toBeTruthy();
  });

  it('Given a deactivated login or a platform admin, then the check refuses them with the spec messages', async () => {
    const check = (status: string, isBZUser: boolean) => () => ({
      status,
      isBZUser,
      exists: true,
      id: 'x1',
      firstName: 'Dee',
      lastName: 'Gone',
      email: 'dee@example.com',
    });
    renderMyAccount(
      '/account/edit',
      'owner',
      accountApi({ 'GET account/a1/user/check': check('DEPROVISIONED', false) }),
    );
    await usersTable();
    await addUser('Dee', 'Gone', 'dee@example.com');
    expect(await screen.findByText(MESSAGES.userDeactivated)).toBeTruthy();
    expect(within(await usersTable()).queryByText('dee@example.com')).toBeNull();
  });

  it('Given a platform admin email, then the super-admin message names the platform', async () => {
    renderMyAccount(
      '/account/edit',
      'owner',
      accountApi({
        'GET account/a1/user/check': () => ({
          status: 'ACTIVE',
          isBZUser: true,
          exists: true,
          id: 'x2',
          firstName: 'Sam',
          lastName: 'Staff',
          email: 'sam@example.com',
        }),
      }),
    );
    await usersTable();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.tab();
    expect(await screen.findByText(superAdminUserMessage('Siteseer'))).toBeTruthy();
  });

  it('Given an existing login, when its email is left, then the empty name fields fill from the check', async () => {
    renderMyAccount(
      '/account/edit',
      'owner',
      accountApi({
        'GET account/a1/user/check': () => ({
          status: 'ACTIVE',
          isBZUser: false,
          exists: true,
          id: 'x3',
          firstName: 'Kim',
          lastName: 'Known',
          email: 'kim@example.com',
        }),
      }),
    );
    await usersTable();
    await userEvent.type(screen.getByLabelText('Email'), 'kim@example.com');
    await userEvent.tab();
    await waitFor(() => expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Kim'));
    expect((screen.getByLabelText('Last Name') as HTMLInputElement).value).toBe('Known');
    expect(screen.getByText('This person already has a login.')).toBeTruthy();
  });
});

describe('My Account, keyboard', () => {
  it('Given view mode, when Edit is pressed, then focus goes to the Account Name field (Edit itself is gone)', async () => {
    const { router } = renderMyAccount('/account/view');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/edit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Account Name')));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('My Account, keyboard after a delete', () => {
  it('Given users deleted with the keyboard, saved or not, then focus goes to a Delete of a row still there', async () => {
    let users = [...team];
    renderMyAccount(
      '/account/edit',
      'owner',
      accountApi({
        'GET account/a1/users': () => users,
        'DELETE account/a1/user/u2': () => {
          users = users.filter((u) => u.id !== 'u2');
          return users;
        },
      }),
    );
    await usersTable();
    await addUser('Nia', 'New', 'nia@example.com');
    const deleteOf = async (name: string) => (await row(name)).getByRole('button', { name: 'Delete' });
    (await deleteOf('Nia New')).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(await deleteOf('Uma User'));

    (await deleteOf('Ada Admin')).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Delete user?' });
    within(dialog).getByRole('button', { name: 'Delete User' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(document.activeElement).toBe(await deleteOf('Uma User')));
  });
});

describe('My Account, users held until Save', () => {
  it('Given a user added in edit mode, then it is listed as not saved and nothing is sent until Save', async () => {
    const { calls } = renderMyAccount('/account/edit');
    await usersTable();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(disabled(save)).toBe(true);
    await addUser('Nia', 'New', 'nia@example.com', 'admin');
    const nia = await row('Nia New');
    expect(nia.getByText('Not saved')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === 'account/a1/users')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      users: [{ first: 'Nia', last: 'New', email: 'nia@example.com', role: 'admin' }],
    });
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect((await row('Nia New')).queryByText('Not saved')).toBeNull();
  });

  it('Given the server unreachable on Save, then the reason is plain and the new user stays unsaved', async () => {
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    renderMyAccount('/account/edit', 'owner', accountApi({ 'POST account/a1/users': unreachable }));
    await usersTable();
    await addUser('Nia', 'New', 'nia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NETWORK_FAILURE_TEXT)).toBeTruthy();
    expect(screen.queryByText(/could not be sent/)).toBeNull();
    expect((await row('Nia New')).getByText('Not saved')).toBeTruthy();
  });

  it('Given unsaved new users, when Done is pressed, then the question is asked; Cancel stays, Yes drops them and leaves edit mode', async () => {
    const { router, calls } = renderMyAccount('/account/edit');
    await usersTable();
    await addUser('Nia', 'New', 'nia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const question = screen.getByRole('dialog', { name: 'Unsaved changes' });
    expect(within(question).getByText(MESSAGES.unsavedChanges)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await row('Nia New')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/edit');

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/view'));
    expect(within(await usersTable()).queryByText('nia@example.com')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Back in edit mode, the dropped user does not come back.
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(within(await usersTable()).queryByText('nia@example.com')).toBeNull();
  });

  it('Given unsaved users, when another page is opened, then the same question is asked; Yes goes there', async () => {
    const { router } = renderMyAccount('/account/edit');
    await usersTable();
    await addUser('Nia', 'New', 'nia@example.com');
    await act(() => router.navigate('/'));
    const question = screen.getByRole('dialog', { name: 'Unsaved changes' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/account/edit');
    expect(await row('Nia New')).toBeTruthy();
    await act(() => router.navigate('/'));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Given nothing unsaved, when Done is pressed in edit mode, then view mode follows without a question; Done there goes home', async () => {
    const { router } = renderMyAccount('/account/edit');
    await usersTable();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/view'));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Given an owner exists, then a pending user cannot be made owner nor transferred to, and Delete drops it locally', async () => {
    renderMyAccount('/account/edit');
    await usersTable();
    await addUser('Nia', 'New', 'nia@example.com');
    const nia = await row('Nia New');
    const owner = within(nia.getByRole('combobox', { name: 'Role of Nia New' })).getByRole('option', {
      name: 'Owner',
    });
    expect(disabled(owner)).toBe(true);
    expect(nia.queryByRole('button', { name: 'Transfer Ownership' })).toBeNull();
    await userEvent.click(nia.getByRole('button', { name: 'Delete' }));
    expect(within(await usersTable()).queryByText('nia@example.com')).toBeNull();
  });
});
