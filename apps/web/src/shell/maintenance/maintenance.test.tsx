import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal } from '../../test/render.tsx';
import { AppShell } from '../app-shell.tsx';

const hour = 3_600_000;
const notice = {
  title: 'Upgrade',
  message: 'Search may be slow.',
  start: new Date(Date.now() - hour).toISOString(),
  end: new Date(Date.now() + hour).toISOString(),
};

function renderShell(isBZAdmin: boolean, current: unknown = notice) {
  return renderPortal({
    path: '/',
    routes: [{ path: '/', element: <AppShell />, children: [{ index: true, element: <p>Screen</p> }] }],
    profile: profile({ isBZAdmin, accounts: [account('a1', 'Acme', isBZAdmin ? 'admin' : 'owner')] }),
    features: seededFeatures(),
    api: {
      'GET maintenance': () => current,
      'DELETE maintenance': () => null,
      'PUT maintenance': ({ body }) => body,
    },
  });
}

describe('maintenance', () => {
  it('Given an active notice, then a signed-in user sees it without the end button', async () => {
    renderShell(false);
    expect(await screen.findByText('Search may be slow.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End maintenance now' })).toBeNull();
  });

  it('Given a notice that is over, then nothing shows', async () => {
    renderShell(false, { ...notice, end: new Date(Date.now() - 1000).toISOString() });
    await screen.findByText('Screen');
    expect(screen.queryByText('Search may be slow.')).toBeNull();
  });

  it('Given a super admin, then they can end it early', async () => {
    const { calls } = renderShell(true);
    await screen.findByText('Search may be slow.', {}, { timeout: 5000 });
    await userEvent.click(await screen.findByRole('button', { name: 'End maintenance now' }));
    await expect.poll(() => screen.queryByText('Search may be slow.')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'maintenance')).toBe(true);
  });

  it('Given the setter, then Set stays disabled until message, start and end are given (title optional)', async () => {
    renderShell(true, null);
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Set maintenance message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set maintenance message' });
    const set = within(dialog).getByRole('button', { name: 'Set' });
    expect(set.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'Down for an upgrade.');
    expect(set.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Start/), '2030-01-01T10:00');
    await userEvent.type(within(dialog).getByLabelText(/End/), '2030-01-01T11:00');
    expect(set.hasAttribute('disabled')).toBe(false);
  });

  it('Given an owner, then the user menu has no maintenance entry but shows their accounts and logout', async () => {
    renderShell(false, null);
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('dialog', { name: 'User menu' });
    expect(within(menu).getByText('Acme: owner')).toBeTruthy();
    expect(within(menu).getByText('Super Admin: No')).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Set maintenance message' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
