import { INGEST_API_CREATOR, MESSAGES } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Dashboard } from './dashboard-screen.tsx';

const keyword = engine({
  id: 'k1',
  searchEngineName: 'Site Search',
  searchEngineType: 'kw',
  urls: ['https://a.example'],
});
const parametric = engine({
  id: 'p1',
  searchEngineName: 'Parts Table',
  searchEngineType: 'pm',
  searchEngineDetail: {
    originalFileName: 'parts.csv',
    uploadDate: '2026-03-01T00:00:00.000Z',
    importId: 'i1',
    version: 1,
  },
});
const ingested = engine({
  id: 'p2',
  searchEngineName: 'Ingested Table',
  searchEngineType: 'pm',
  createdBy: INGEST_API_CREATOR,
});

function renderAs(role: 'owner' | 'admin' | 'user', extra: Partial<Parameters<typeof renderPortal>[0]> = {}) {
  return renderPortal({
    path: '/',
    routes: routesFor('/', <Dashboard />),
    profile: profile({ accounts: [account('a1', 'Acme', role)] }),
    features: seededFeatures(),
    engines: [keyword, parametric, ingested],
    ...extra,
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const buttonNames = (name: string) =>
  within(card(name))
    .queryAllByRole('button')
    .concat(within(card(name)).queryAllByRole('link'))
    .map((b) => b.textContent)
    .filter((text) => text !== '');

async function menuOf(name: string): Promise<string[]> {
  await userEvent.click(within(card(name)).getByRole('button', { name: `Actions for ${name}` }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return items;
}

describe('Engine card', () => {
  it('Given a keyword engine, then it shows its fields, its sites and Preview, Install, Analytics, Status', () => {
    renderAs('owner');
    const site = card('Site Search');
    expect(within(site).getByText('Acme')).toBeTruthy();
    expect(within(site).getByText('Keyword')).toBeTruthy();
    expect(within(site).getByText('https://a.example')).toBeTruthy();
    expect(within(site).queryByText('Locator')).toBeNull();
    expect(buttonNames('Site Search')).toEqual(['Preview', 'Install', 'Analytics', 'Status']);
  });

  it('Given a parametric engine, then Upload Date and Current File show and there is no Status', () => {
    renderAs('owner');
    expect(within(card('Parts Table')).getByText('parts.csv')).toBeTruthy();
    expect(within(card('Parts Table')).getByText('Upload Date')).toBeTruthy();
    expect(buttonNames('Parts Table')).toEqual(['Preview', 'Install', 'Analytics']);
  });

  it('Given an owner, then the parametric menu has Edit, Publish Versions, Download File, Delete and the keyword one Edit, Alerts, Delete', async () => {
    renderAs('owner');
    expect(await menuOf('Parts Table')).toEqual(['Edit', 'Publish Versions', 'Download File', 'Delete']);
    expect(await menuOf('Site Search')).toEqual(['Edit', 'Alerts', 'Delete']);
  });

  it('Given Alerts on a keyword engine, then it goes to the engine alerts screen', async () => {
    const { router } = renderAs('admin');
    await userEvent.click(
      within(card('Site Search')).getByRole('button', { name: 'Actions for Site Search' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Alerts' }));
    expect(router.state.location.pathname).toBe('/engine/k1/alerts');
  });

  it('Given Edit off for owners, then the keyword menu has no Alerts either', async () => {
    renderAs('owner', { features: seededFeatures({ ENGINE_EDIT: ['superadmin'] }) });
    expect(await menuOf('Site Search')).toEqual(['Delete']);
  });

  it('Given Publish Versions on a parametric engine, then it goes to its versions', async () => {
    const { router } = renderAs('owner');
    await userEvent.click(
      within(card('Parts Table')).getByRole('button', { name: 'Actions for Parts Table' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Publish Versions' }));
    expect(router.state.location.pathname).toBe('/engine/p1/publish');
  });

  it('Given Edit off for owners, then Publish Versions is not offered either', async () => {
    renderAs('owner', { features: seededFeatures({ ENGINE_EDIT: ['superadmin'] }) });
    expect(await menuOf('Parts Table')).toEqual(['Download File', 'Delete']);
  });

  it('Given a user role (edit and delete are for managers), then there is no menu, no Download File and no Alerts', () => {
    renderAs('user');
    expect(within(card('Parts Table')).queryByRole('button', { name: 'Actions for Parts Table' })).toBeNull();
    expect(within(card('Site Search')).queryByRole('button', { name: 'Actions for Site Search' })).toBeNull();
  });

  it('Given the install feature off for every role, then no card has Install', () => {
    renderAs('owner', { features: seededFeatures({ ENGINE_INSTALL: [] }) });
    expect(buttonNames('Site Search')).toEqual(['Preview', 'Analytics', 'Status']);
  });

  it('Given a super admin, then the Locator shows the engine index name', () => {
    renderAs('owner', { profile: profile({ isBZAdmin: true, accounts: [account('a1', 'Acme', 'admin')] }) });
    expect(within(card('Site Search')).getByText('a1-kw-k1')).toBeTruthy();
  });

  it('Given an engine made by the data-source API, then its note shows and Edit is refused with the spec message', async () => {
    renderAs('owner');
    const ingestCard = card('Ingested Table');
    expect(within(ingestCard).getByText(MESSAGES.ingestApiEngineNote)).toBeTruthy();
    await userEvent.click(within(ingestCard).getByRole('button', { name: 'Actions for Ingested Table' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await within(ingestCard).findByText(MESSAGES.apiEngineActionUnsupported)).toBeTruthy();
  });

  it('Given a parametric engine without details, then ENGINE DETAILS MISSING!! shows', () => {
    renderAs('owner', {
      engines: [engine({ id: 'p3', searchEngineName: 'No Detail', searchEngineType: 'pm' })],
    });
    expect(within(card('No Detail')).getByText(MESSAGES.engineDetailsMissing)).toBeTruthy();
  });

  it('Given Edit on a keyword engine, then it goes to the keyword wizard', async () => {
    const { router } = renderAs('owner');
    await userEvent.click(
      within(card('Site Search')).getByRole('button', { name: 'Actions for Site Search' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/engine/keyword/k1/edit');
  });

  it('Given the delete modal confirmed, then the engine is deleted and leaves the list', async () => {
    renderAs('owner', { api: { 'DELETE searchengines/k1': () => ({ id: 'k1' }) } });
    await userEvent.click(
      within(card('Site Search')).getByRole('button', { name: 'Actions for Site Search' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Search Engine?' });
    await userEvent.type(within(dialog).getByLabelText('Search engine name'), 'Site Search');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes Delete this Search' }));
    await screen.findByRole('heading', { name: 'Your Search Engines' });
    await expect.poll(() => screen.queryByRole('article', { name: 'Site Search' })).toBeNull();
  });
});
