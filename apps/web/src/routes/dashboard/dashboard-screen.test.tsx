import { noEnginesMessage } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal, routesFor } from '../../test/render.tsx';
import { DASHBOARD_OPTIONS_KEY } from './dashboard-options.ts';
import { Component as Dashboard } from './dashboard-screen.tsx';

const engines = [
  engine({
    id: 'e1',
    searchEngineName: 'Zeta Keyword',
    searchEngineType: 'kw',
    urls: ['https://zeta.example'],
  }),
  engine({ id: 'e2', searchEngineName: 'Alpha Parts', searchEngineType: 'pm' }),
];

function renderDashboard(options: Partial<Parameters<typeof renderPortal>[0]> = {}) {
  return renderPortal({
    path: '/',
    routes: routesFor('/', <Dashboard />),
    profile: profile(),
    features: seededFeatures(),
    engines,
    ...options,
  });
}

const cardNames = () =>
  screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Dashboard', () => {
  it('Given engines and clients not loaded yet, then the heading shows at once and both are asked for together', async () => {
    const answers: Record<string, () => void> = {};
    const later = (name: string, value: unknown) => () =>
      new Promise((resolve) => {
        answers[name] = () => resolve(value);
      });
    const { calls } = renderDashboard({
      engines: 'not loaded',
      api: { 'GET searchengines': later('engines', engines), 'GET clients': later('clients', []) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Search Engines' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading search engines' })).toBeTruthy();
    // Neither has answered, and both were asked: the clients did not wait for the engines.
    await waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['clients', 'searchengines']));
    answers.engines?.();
    answers.clients?.();
    await waitFor(() => expect(cardNames()).toEqual(['Alpha Parts', 'Zeta Keyword']));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('Given engines, then one card per engine shows, sorted alphabetically ascending by default', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Search Engines' })).toBeTruthy();
    expect(cardNames()).toEqual(['Alpha Parts', 'Zeta Keyword']);
  });

  it('Given the type filter set to Parametric, then only parametric engines show and the choice survives a reload', async () => {
    const first = renderDashboard();
    await choose('Search Engine Type', 'Parametric');
    expect(cardNames()).toEqual(['Alpha Parts']);
    expect(JSON.parse(window.localStorage.getItem(DASHBOARD_OPTIONS_KEY) ?? '{}').selectedProductType).toBe(
      'pm',
    );
    first.unmount();
    renderDashboard();
    expect(cardNames()).toEqual(['Alpha Parts']);
    expect(screen.getByRole('combobox', { name: 'Search Engine Type' }).textContent).toBe('Parametric');
  });

  it('Given Descending, then the order reverses and is kept', async () => {
    renderDashboard();
    await choose('Order', 'Descending');
    expect(cardNames()).toEqual(['Zeta Keyword', 'Alpha Parts']);
    expect(JSON.parse(window.localStorage.getItem(DASHBOARD_OPTIONS_KEY) ?? '{}').ascending).toBe(false);
  });

  it('Given no keyword engines and the Keyword filter, then "No Keyword engines found" shows', async () => {
    renderDashboard({ engines: [engines[1] as (typeof engines)[number]] });
    await choose('Search Engine Type', 'Keyword');
    expect(screen.getByText(noEnginesMessage('Keyword'))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add a New Parametric Search Engine' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a New Keyword Search Engine' })).toBeTruthy();
  });

  it('Given one account, then there is no account filter; given two, it offers All Accounts', async () => {
    const one = renderDashboard();
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    one.unmount();
    renderDashboard({
      profile: profile({ accounts: [account('a1', 'Acme', 'owner'), account('a2', 'Beta', 'user')] }),
      engines: [...engines, engine({ id: 'e3', searchEngineName: 'Beta Engine', accountId: 'a2' })],
    });
    expect(screen.getByRole('combobox', { name: 'Account' }).textContent).toBe('All Accounts');
    await choose('Account', 'Beta');
    expect(cardNames()).toEqual(['Beta Engine']);
  });

  it('Given engines lacking a name or of another account, then they are hidden', () => {
    renderDashboard({
      engines: [
        ...engines,
        engine({ id: 'e4', searchEngineName: '' }),
        engine({ id: 'e5', searchEngineName: 'Foreign', accountId: 'zz' }),
      ],
    });
    expect(cardNames()).toEqual(['Alpha Parts', 'Zeta Keyword']);
  });

  it('Given a user-role viewer and the seeded features, then the keyword add card is disabled and says why; the parametric one is not', () => {
    renderDashboard({ profile: profile({ accounts: [account('a1', 'Acme', 'user')] }) });
    const keyword = screen.getByRole('region', { name: 'Add a New Keyword Search Engine' });
    expect(within(keyword).getByRole('button', { name: 'Crawl' }).hasAttribute('disabled')).toBe(true);
    expect(
      within(keyword).getByText(
        "Your role cannot create Keyword search engines (feature ENGINE_EDIT, needed to save a new engine's search settings and crawler).",
      ),
    ).toBeTruthy();
    const parametric = screen.getByRole('region', { name: 'Add a New Parametric Search Engine' });
    expect(
      within(parametric).getByRole('button', { name: 'Upload CSV or XLSX File' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('Given an account without keyword, then the keyword add card is disabled; given the feature off, it is hidden', () => {
    const first = renderDashboard({
      profile: profile({ accounts: [account('a1', 'Acme', 'owner', ['pm'])] }),
    });
    const keyword = screen.getByRole('region', { name: 'Add a New Keyword Search Engine' });
    expect(within(keyword).getByRole('button', { name: 'Crawl' }).hasAttribute('disabled')).toBe(true);
    const parametric = screen.getByRole('region', { name: 'Add a New Parametric Search Engine' });
    expect(
      within(parametric).getByRole('button', { name: 'Upload CSV or XLSX File' }).hasAttribute('disabled'),
    ).toBe(false);
    first.unmount();
    renderDashboard({ features: seededFeatures({ DASHBOARD_ADD_KEYWORD: [] }) });
    expect(screen.queryByRole('heading', { name: 'Add a New Keyword Search Engine' })).toBeNull();
  });
});
