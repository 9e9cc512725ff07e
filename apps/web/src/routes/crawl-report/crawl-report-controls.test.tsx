import type { CrawlReportHit, Role } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeCall, type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { Component as CrawlReport } from './crawl-report-screen.tsx';

// The crawl report as a control panel (Siteseer's additions): status chips that filter, the
// order choice, and Start / Stop / Re-crawl / Publish Anyway for the roles that may edit the engine.

const AT = '2026-03-01T10:00:00.000Z';
const hit = (n: number, status: number, extra: Partial<CrawlReportHit> = {}): CrawlReportHit => ({
  id: `h${n}`,
  url: `https://docs.example.com/page-${n}`,
  status,
  last_check: status === 3 ? AT : null,
  next_check: status === 3 ? AT : null,
  ...extra,
});

const HITS = [
  hit(1, 3),
  hit(2, 4, { reason: 'HTTP 404', found_on: 'https://docs.example.com/page-1' }),
  hit(3, 3),
  hit(4, 0),
];

interface Crawl {
  state: 'crawling' | 'finished' | 'stopped';
  held?: boolean;
}

/** The report call filtered by status, in discovery or 'recent' order (reversed here), and the crawl's actions. */
function crawlRoutes(crawl: Crawl): FakeRoutes {
  const report = (call: FakeCall) => {
    const body = call.body as { fromIndex: number; resultSize: number; status?: number; order: string };
    const kept = HITS.filter((h) => body.status === undefined || h.status === body.status);
    const ordered = body.order === 'recent' ? kept.toReversed() : kept;
    const counts: Record<string, number> = {};
    for (const h of HITS) counts[h.status] = (counts[h.status] ?? 0) + 1;
    return {
      hits: {
        total: { value: ordered.length },
        hits: ordered.slice(body.fromIndex, body.fromIndex + body.resultSize),
      },
      took: 5,
      finalized: crawl.state !== 'crawling',
      counts,
      state: crawl.state,
      pages: { indexed: 2, notIndexed: 1 },
      run: { startedAt: AT, checked: 30, lastCheckAt: '2026-03-01T10:00:15.000Z' },
      publication: {
        publishedRunId: 1,
        publishedPages: 100,
        latestRunId: 2,
        latestPages: 50,
        held: crawl.held ?? false,
      },
    };
  };
  return {
    'POST datasource/crawler/report': report,
    'GET searchengines/k1': () =>
      engine({
        id: 'k1',
        accountId: 'a1',
        searchEngineName: 'Docs Search',
        urls: ['https://docs.example.com/'],
      }),
    'POST datasource/crawler': () => {
      crawl.state = 'crawling';
      return { engineId: 'k1', queued: 1 };
    },
    'POST datasource/crawler/stop': () => {
      crawl.state = 'stopped';
      return { engineId: 'k1', interrupted: 1 };
    },
    'POST datasource/crawler/publish': () => {
      crawl.held = false;
      return { engineId: 'k1', runId: 2, pages: 50, previousPages: 100 };
    },
  };
}

function renderAs(role: Exclude<Role, 'superadmin'>, crawl: Crawl) {
  return renderPortal({
    path: '/keywordcrawlreport/a1/k1',
    routes: routesFor('/keywordcrawlreport/:accountId/:engineId', <CrawlReport />),
    profile: profile({ accounts: [account('a1', 'Acme', role)] }),
    features: seededFeatures(),
    engines: [engine({ id: 'k1', accountId: 'a1', searchEngineName: 'Docs Search' })],
    api: crawlRoutes(crawl),
  });
}

const shownUrls = () =>
  within(screen.getByRole('table', { name: 'Crawled URLs' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const bodies = (calls: FakeCall[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('Crawl report controls', () => {
  it('Given URLs of several statuses, when a status chip is clicked, then only those URLs are asked for; clicked again, all are', async () => {
    const { calls } = renderAs('owner', { state: 'finished' });
    await screen.findByText('4 results (0.01 seconds)');
    const chip = screen.getByRole('button', { name: '404: 1' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(chip);
    await waitFor(() => expect(shownUrls()).toEqual(['https://docs.example.com/page-2']));
    expect(screen.getByRole('button', { name: '404: 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(bodies(calls, 'datasource/crawler/report').at(-1)).toMatchObject({ status: 4, fromIndex: 0 });

    await userEvent.click(screen.getByRole('button', { name: '404: 1' }));
    await waitFor(() => expect(shownUrls()).toHaveLength(4));
    expect(bodies(calls, 'datasource/crawler/report').at(-1)).not.toHaveProperty('status');
  });

  it('Given a 404 found on a page, then the row names that page, and the summary counts pages indexed and not', async () => {
    renderAs('owner', { state: 'finished' });
    await screen.findByText('4 results (0.01 seconds)');
    const row = screen.getByRole('row', { name: /page-2/ });
    expect(within(row).getByText(/Found on/).textContent).toBe('Found on https://docs.example.com/page-1');
    expect(within(row).getByRole('link', { name: 'https://docs.example.com/page-1' })).toBeTruthy();
    expect(
      screen.getByText('2 pages indexed; 1 fetched but not indexed (noindex, not HTML or too large)'),
    ).toBeTruthy();
  });

  it("Given the order 'Newest checked first', then the report asks for order recent from page 1", async () => {
    const { calls } = renderAs('owner', { state: 'finished' });
    await screen.findByText('4 results (0.01 seconds)');
    await userEvent.click(screen.getByRole('combobox', { name: 'Order' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Newest checked first' }));
    await waitFor(() => expect(shownUrls()[0]).toBe('https://docs.example.com/page-4'));
    expect(bodies(calls, 'datasource/crawler/report').at(-1)).toMatchObject({
      order: 'recent',
      fromIndex: 0,
    });
  });

  it('Given a running crawl, then it shows its pages per second and the time left', async () => {
    renderAs('owner', { state: 'crawling' });
    // 30 URLs in 15 s: 2 a second; 1 waiting.
    expect(
      await screen.findByText('3 of 4 URLs fetched · 2.0 pages per second, about 1 s left'),
    ).toBeTruthy();
  });

  it('Given an owner and a running crawl, when Stop is confirmed, then the stop call is made and Start replaces it', async () => {
    const { calls } = renderAs('owner', { state: 'crawling' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the crawl?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(calls, 'datasource/crawler/stop')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Stop the crawl?' })).getByRole('button', {
        name: 'Stop Crawl',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Start' })).toBeTruthy();
    expect(bodies(calls, 'datasource/crawler/stop')).toEqual([{ accountId: 'a1', engineId: 'k1' }]);
    expect(screen.getByRole('heading', { name: 'Crawl: Stopped' })).toBeTruthy();
  });

  it("Given a stopped crawl, when Start and then a confirmed Re-crawl are chosen, then the CLI's create call is sent, not recreated then recreated", async () => {
    const crawl: Crawl = { state: 'stopped' };
    const { calls } = renderAs('admin', crawl);
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByRole('heading', { name: 'Crawl: Crawling' });
    crawl.state = 'finished';
    await userEvent.click(screen.getByRole('button', { name: 'Re-crawl' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Re-crawl from the start?' })).getByRole('button', {
        name: 'Re-crawl',
      }),
    );
    await waitFor(() => expect(bodies(calls, 'datasource/crawler')).toHaveLength(2));
    expect(bodies(calls, 'datasource/crawler')).toEqual([
      expect.objectContaining({
        accountId: 'a1',
        engineId: 'k1',
        urls: ['https://docs.example.com/'],
        recreate: false,
      }),
      expect.objectContaining({
        accountId: 'a1',
        engineId: 'k1',
        urls: ['https://docs.example.com/'],
        recreate: true,
      }),
    ]);
  });

  it('Given a held crawl and an owner, when Publish Anyway is clicked, then the publish call is made and the notice goes', async () => {
    const { calls } = renderAs('owner', { state: 'finished', held: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Anyway' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish Anyway' })).toBeNull());
    expect(bodies(calls, 'datasource/crawler/publish')).toEqual([{ accountId: 'a1', engineId: 'k1' }]);
  });

  it('Given a user (who may not edit engines by default), then no action shows, but the chips still filter', async () => {
    renderAs('user', { state: 'crawling', held: true });
    await screen.findByText('4 results (0.01 seconds)');
    for (const name of ['Start', 'Stop', 'Re-crawl', 'Publish Anyway']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Success: 2' })).toBeTruthy();
  });
});
