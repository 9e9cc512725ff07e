import type { Feature } from '@siteseer/core';
import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE_TEXT } from '../../api/error-text.ts';
import { account, profile } from '../../test/fixtures.ts';
import { type FakeCall, type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Features } from './features-screen.tsx';

function features(): Feature[] {
  return [
    {
      _id: 'f-edit',
      name: 'ENGINE_EDIT',
      description: 'Engine card: the Edit menu item.',
      show_details: false,
      allowedRoles: ['superadmin', 'owner', 'admin'],
    },
    {
      _id: 'f-tabs',
      name: 'KW_WIZARD_TABS',
      description: '',
      show_details: true,
      allowedRoles: ['user'],
    },
  ];
}

/** The features as a server keeps them: GET lists them, PUT replaces one (or answers `refuse`). */
function featureServer(stored: Feature[], refuse?: (call: FakeCall) => Response | undefined): FakeRoutes {
  const put = (call: FakeCall) => {
    const refused = refuse?.(call);
    if (refused) return refused;
    const body = call.body as Feature;
    const index = stored.findIndex((f) => f._id === body._id);
    stored[index] = body;
    return body;
  };
  return {
    'GET features': () => stored,
    'PUT features/f-edit': put,
    'PUT features/f-tabs': put,
  };
}

function renderFeatures(options: { superAdmin?: boolean; list?: Feature[]; api?: FakeRoutes } = {}) {
  const list = options.list ?? features();
  return renderPortal({
    path: '/features',
    routes: routesFor('/features', <Features />),
    profile: profile({
      isBZAdmin: options.superAdmin ?? true,
      accounts: options.superAdmin === false ? [account('a1', 'Acme', 'owner')] : [],
    }),
    features: list,
    api: options.api ?? featureServer(list),
  });
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('Toggle Features', () => {
  it('Given an owner, when they open /features, then they are sent home', async () => {
    const { router } = renderFeatures({ superAdmin: false });
    await screen.findByText('Navigated elsewhere');
    expect(router.state.location.pathname).toBe('/');
  });

  it('Given the super admin, then a table has one row per feature and one labelled switch per role', async () => {
    renderFeatures();
    const table = await screen.findByRole('table', { name: 'Toggle Features' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Feature', 'Super Admin', 'Owner', 'Admin', 'User']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ENGINE_EDIT', 'KW_WIZARD_TABS']);
    const states = (name: string) =>
      ['Super Admin', 'Owner', 'Admin', 'User'].map((role) => toggle(`${name} for ${role}`).checked);
    expect(states('ENGINE_EDIT')).toEqual([true, true, true, false]);
    expect(states('KW_WIZARD_TABS')).toEqual([false, false, false, true]);
  });

  it("Given a feature's description, then its name describes it and a tooltip shows it on focus", async () => {
    renderFeatures();
    const name = await screen.findByText('ENGINE_EDIT');
    expect(name.getAttribute('title')).toBe('Engine card: the Edit menu item.');
    await userEvent.tab();
    expect(document.activeElement).toBe(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Engine card: the Edit menu item.');
    // A feature without a description has no tooltip and takes no focus.
    expect(screen.getByText('KW_WIZARD_TABS').getAttribute('tabindex')).toBeNull();
  });

  it('Given a switch flipped off, then it is off at once and the whole feature is saved without that role', async () => {
    const list = features();
    const { calls } = renderFeatures({ list, api: featureServer(list) });
    await userEvent.click(await screen.findByRole('switch', { name: 'ENGINE_EDIT for Owner' }));
    expect(toggle('ENGINE_EDIT for Owner').checked).toBe(false);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: 'features/f-edit',
      body: { ...features()[0], allowedRoles: ['superadmin', 'admin'] },
    });
    await userEvent.click(toggle('KW_WIZARD_TABS for Admin'));
    await waitFor(() => expect(list[1]?.allowedRoles).toEqual(['admin', 'user']));
    expect(toggle('ENGINE_EDIT for Owner').checked).toBe(false);
    expect(toggle('KW_WIZARD_TABS for Admin').checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Given two switches of one feature flipped quickly, then the second save carries the first change', async () => {
    const list = features();
    const { calls } = renderFeatures({ list, api: featureServer(list) });
    await userEvent.click(await screen.findByRole('switch', { name: 'ENGINE_EDIT for Owner' }));
    await userEvent.click(toggle('ENGINE_EDIT for User'));
    await waitFor(() => expect(list[0]?.allowedRoles).toEqual(['superadmin', 'admin', 'user']));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as Feature).allowedRoles)).toEqual([
      ['superadmin', 'admin'],
      ['superadmin', 'admin', 'user'],
    ]);
    expect(toggle('ENGINE_EDIT for Owner').checked).toBe(false);
    expect(toggle('ENGINE_EDIT for User').checked).toBe(true);
  });

  it('Given a refused save, then the switch goes back and the reason is shown', async () => {
    const list = features();
    const refuse = () =>
      Response.json(
        { title: 'Forbidden', status: 403, detail: 'Only super admins can change features.' },
        { status: 403, headers: { 'content-type': 'application/problem+json' } },
      );
    renderFeatures({ list, api: featureServer(list, refuse) });
    await userEvent.click(await screen.findByRole('switch', { name: 'ENGINE_EDIT for Owner' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'ENGINE_EDIT for Owner was not saved: Only super admins can change features.',
    );
    expect(toggle('ENGINE_EDIT for Owner').checked).toBe(true);
    expect(list[0]?.allowedRoles).toEqual(['superadmin', 'owner', 'admin']);
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Given the server unreachable, then the switch goes back and the reason is plain, not the request', async () => {
    const list = features();
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    renderFeatures({ list, api: featureServer(list, unreachable) });
    await userEvent.click(await screen.findByRole('switch', { name: 'ENGINE_EDIT for Owner' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `ENGINE_EDIT for Owner was not saved: ${NETWORK_FAILURE_TEXT}`,
    );
    expect(toggle('ENGINE_EDIT for Owner').checked).toBe(true);
  });

  it("Given no features, then the table says 'No Features found'", async () => {
    renderFeatures({ list: [] });
    const table = await screen.findByRole('table', { name: 'Toggle Features' });
    expect(within(table).getByRole('cell', { name: MESSAGES.noFeatures })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
