import type { EngineHealth } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shell/date-time.ts';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Dashboard } from './dashboard-screen.tsx';

// The states the engines list can answer (the API's engine-health suite makes each from real crawls,
// files and searches), as the cards show them. Never published and Crawling are also shown from the
// real API in dashboard-health.integration.test.tsx.

const FINISHED = '2026-12-01T09:30:00.000Z';

function health(overrides: Partial<EngineHealth> & Pick<EngineHealth, 'state'>): EngineHealth {
  return {
    liveCount: null,
    liveAt: null,
    lastCrawledAt: null,
    crawl: null,
    heldPages: null,
    failureReason: null,
    searchesLast7Days: 0,
    ...overrides,
  };
}

const live = engine({
  id: 'k1',
  searchEngineName: 'Live docs',
  health: health({
    state: 'live',
    liveCount: 1054,
    liveAt: FINISHED,
    lastCrawledAt: FINISHED,
    searchesLast7Days: 1234,
  }),
});
const held = engine({
  id: 'k2',
  searchEngineName: 'Held docs',
  health: health({ state: 'held', liveCount: 1054, heldPages: 812, lastCrawledAt: FINISHED }),
});
const failed = engine({
  id: 'k3',
  searchEngineName: 'Failed docs',
  health: health({
    state: 'failed',
    failureReason: 'The address is refused: it is private.',
    lastCrawledAt: FINISHED,
  }),
});

function renderAs(role: 'owner' | 'user', api = {}) {
  return renderPortal({
    path: '/',
    routes: routesFor('/', <Dashboard />),
    profile: profile({ accounts: [account('a1', 'Acme', role)] }),
    features: seededFeatures(),
    engines: [live, held, failed],
    api,
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Engine card health', () => {
  it('Given a live keyword engine, then it says Live, its pages, when it was crawled and its searches', () => {
    renderAs('owner');
    const docs = card('Live docs');
    expect(within(docs).getByText('Live')).toBeTruthy();
    expect(within(docs).getByText(`1,054 pages live, last crawled ${formatDateTime(FINISHED)}`)).toBeTruthy();
    expect(within(docs).getByText('Searches in the last 7 days: 1,234')).toBeTruthy();
    expect(within(docs).getByRole('link', { name: 'Install' })).toBeTruthy();
  });

  it('Given a crawl that failed with nothing live, then it gives the reason and Install is off', () => {
    renderAs('owner');
    const docs = card('Failed docs');
    expect(within(docs).getByText('Crawl failed')).toBeTruthy();
    expect(within(docs).getByText('The address is refused: it is private.')).toBeTruthy();
    expect(within(docs).getByRole('button', { name: 'Install' }).hasAttribute('disabled')).toBe(true);
  });

  it('Given a held crawl and an owner, then Publish anyway publishes it and a toast says so', async () => {
    const { calls, queryClient } = renderAs('owner', {
      'POST datasource/crawler/publish': () => ({
        engineId: 'k2',
        runId: 2,
        pages: 812,
        previousPages: 1054,
      }),
    });
    const docs = card('Held docs');
    expect(within(docs).getByText('Held')).toBeTruthy();
    expect(
      within(docs).getByText(
        'This crawl found 812 pages, 23 % fewer than the 1,054 of the published one, so it was not published.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(docs).getByRole('button', { name: 'Publish anyway' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Held docs: crawl published with 812 pages.',
    );
    expect(calls.find((c) => c.path === 'datasource/crawler/publish')?.body).toEqual({
      accountId: 'a1',
      engineId: 'k2',
    });
    expect(queryClient.getQueryState(['engines'])?.isInvalidated).toBe(true);
  });

  it('Given a user role, then a held crawl offers no Publish anyway', () => {
    renderAs('user');
    expect(within(card('Held docs')).queryByRole('button', { name: 'Publish anyway' })).toBeNull();
  });

  it('Given no engine at all, then it says what to do first and hides the filters', () => {
    renderPortal({
      path: '/',
      routes: routesFor('/', <Dashboard />),
      profile: profile(),
      features: seededFeatures(),
      engines: [],
    });
    expect(screen.getByRole('heading', { name: 'Create your first search engine' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sort By' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a New Keyword Search Engine' })).toBeTruthy();
  });
});
