import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Analytics } from './analytics-screen.tsx';

const keyword = engine({ id: 'e1', searchEngineName: 'Site Search', searchEngineType: 'kw' });
const client = {
  id: 'c1',
  accountId: 'a1',
  engineId: 'e1',
  type: 'kw' as const,
  indexName: 'a1-kw-e1',
  settings: {},
};

function renderScreen(
  options: { role?: 'owner' | 'user'; analyticsRoles?: ('owner' | 'admin' | 'user' | 'superadmin')[] } = {},
) {
  return renderPortal({
    path: '/engine/e1/analytics',
    routes: routesFor('/engine/:engineId/analytics', <Analytics />),
    profile: profile({ accounts: [account('a1', 'Acme', options.role ?? 'owner')], clients: { e1: client } }),
    features: seededFeatures(options.analyticsRoles ? { ENGINE_ANALYTICS: options.analyticsRoles } : {}),
    engines: [keyword],
    api: {
      'GET analytics/e1': () => ({
        cardIds: ['searches-over-time', 'zero-result-queries'],
        dashboardIds: ['overview'],
      }),
      'POST analytics/session': () => ({ expiresAt: '2031-05-06T10:15:00.000Z' }),
    },
  });
}

describe('Analytics screen', () => {
  it('Given an engine, then its cards at 750×750 and dashboards at 1248×1620, titled, after the frame sign-in', async () => {
    const { calls } = renderScreen();
    const cards = await screen.findByRole('region', { name: 'Cards' });
    const frames = within(cards).getAllByTitle(/: Site Search$/);
    expect(
      frames.map((f) => [
        f.getAttribute('title'),
        f.getAttribute('src'),
        f.getAttribute('width'),
        f.getAttribute('height'),
      ]),
    ).toEqual([
      [
        'Searches over time: Site Search',
        'http://portal.test/api/analytics/c1/card/searches-over-time?period=30d&scheme=light&embedded=1',
        '750',
        '750',
      ],
      [
        'Searches with no results: Site Search',
        'http://portal.test/api/analytics/c1/card/zero-result-queries?period=30d&scheme=light&embedded=1',
        '750',
        '750',
      ],
    ]);
    const dashboard = within(screen.getByRole('region', { name: 'Dashboards' })).getByTitle(
      'Search overview: Site Search',
    );
    expect([dashboard.getAttribute('width'), dashboard.getAttribute('height')]).toEqual(['1248', '1620']);
    expect(dashboard.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['GET analytics/e1', 'POST analytics/session']),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Analytics: Site Search');
  });

  it('Given a period chosen once on the page, then every frame and the headline strip show it', async () => {
    renderScreen();
    const frames = async () =>
      (await screen.findAllByTitle(/: Site Search$/)).map((f) => new URL(f.getAttribute('src') ?? '').search);
    expect(await screen.findByTitle('Headline figures: Site Search')).toBeTruthy();
    expect(new Set(await frames())).toEqual(new Set(['?period=30d&scheme=light&embedded=1']));
    expect(await frames()).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(async () =>
      expect(new Set(await frames())).toEqual(new Set(['?period=7d&scheme=light&embedded=1'])),
    );
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(async () =>
      expect(new Set(await frames())).toEqual(
        new Set(['?period=custom&from=2026-01-01&to=2026-01-31&scheme=light&embedded=1']),
      ),
    );
  });

  it('Given an engine, then the page title names it, as the heading does', async () => {
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Analytics: Site Search' });
    await waitFor(() => expect(document.title).toBe('Analytics: Site Search | Siteseer'));
  });

  it('Given a role without the analytics feature, then no frames and the reason', async () => {
    const { calls } = renderScreen({ role: 'user', analyticsRoles: ['owner', 'admin'] });
    expect(
      await screen.findByText('Your role cannot see analytics (feature ENGINE_ANALYTICS).'),
    ).toBeTruthy();
    expect(screen.queryAllByTitle(/Site Search/)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('Given an engine that is not the user’s, then it says so', async () => {
    renderPortal({
      path: '/engine/zz/analytics',
      routes: routesFor('/engine/:engineId/analytics', <Analytics />),
      profile: profile(),
      features: seededFeatures(),
      engines: [keyword],
    });
    expect(
      await screen.findByText('This search engine does not exist, or it is not one of yours.'),
    ).toBeTruthy();
  });
});
