import type { UrlInspection } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeCall, type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { Component as CrawlReport } from './crawl-report-screen.tsx';

const docs = engine({ id: 'k1', accountId: 'a1', searchEngineName: 'Docs Search' });

const disallowed: UrlInspection = {
  url: 'https://docs.example.com/private/plan',
  checkedAt: '2026-12-07T12:00:00.000Z',
  indexable: false,
  inPublishedCrawl: false,
  reasons: ['robots.txt disallows it: line 2, "Disallow: /private/".'],
  notes: [],
  scope: { inScope: true, site: 'https://docs.example.com/', filter: null },
  robots: {
    allowed: false,
    rule: 'Disallow: /private/',
    line: 2,
    url: 'https://docs.example.com/robots.txt',
    state: 'parsed',
  },
  fetched: false,
  fetchError: null,
  status: null,
  contentType: null,
  redirects: [],
  finalUrl: null,
  rendering: null,
  canonical: null,
  noindex: null,
  noindexSource: null,
  nofollow: null,
  contentTarget: '',
  excludeTargets: [],
  title: null,
  excerpt: null,
  wordCount: null,
  contentHash: null,
  duplicateOf: null,
  publication: null,
};

function renderReport(inspect: (call: FakeCall) => unknown) {
  const api: FakeRoutes = {
    'POST datasource/crawler/report': () => ({
      hits: { total: { value: 0 }, hits: [] },
      took: 3,
      finalized: true,
      counts: {},
      state: 'finished',
    }),
    'POST datasource/crawler/inspect': inspect,
  };
  return renderPortal({
    path: '/keywordcrawlreport/a1/k1',
    routes: routesFor('/keywordcrawlreport/:accountId/:engineId', <CrawlReport />),
    profile: profile({ accounts: [account('a1', 'Acme', 'owner')] }),
    features: seededFeatures(),
    engines: [docs],
    api,
  });
}

const box = () => screen.getByRole('region', { name: 'Why is this page not in my search?' });

describe('URL inspector on the crawl report', () => {
  it('Given a URL robots.txt disallows, when it is inspected, then the reason comes first and each step is a row', async () => {
    const { calls } = renderReport(() => disallowed);
    await screen.findByLabelText('URL to inspect');
    const button = within(box()).getByRole('button', { name: 'Inspect' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await userEvent.type(
      within(box()).getByLabelText('URL to inspect'),
      '  https://docs.example.com/private/plan ',
    );
    await userEvent.click(button);

    expect(
      await within(box()).findByText('Not indexable: https://docs.example.com/private/plan'),
    ).toBeTruthy();
    expect(within(box()).getByText('robots.txt disallows it: line 2, "Disallow: /private/".')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'datasource/crawler/inspect').map((c) => c.body)).toEqual([
      { accountId: 'a1', engineId: 'k1', url: 'https://docs.example.com/private/plan' },
    ]);
    const rows = within(within(box()).getByRole('table', { name: 'Inspection steps' }))
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]);
    expect(rows.slice(0, 3)).toEqual([
      ['Scope', 'in the crawl (site https://docs.example.com/)'],
      ['robots.txt', 'disallowed by line 2: Disallow: /private/'],
      ['Fetch', 'not fetched'],
    ]);
    expect(rows.at(-1)).toEqual(['Published', 'no']);
  });

  it('Given a page of an engine that renders JavaScript, then the Rendering row says it was rendered and the refused request is a note', async () => {
    renderReport(() => ({
      ...disallowed,
      url: 'https://docs.example.com/app',
      indexable: true,
      reasons: [],
      notes: ['The page tried to load a private address (http://10.0.0.1/secret), which was refused.'],
      robots: { ...disallowed.robots, allowed: true, rule: null, line: null },
      fetched: true,
      status: 200,
      contentType: 'text/html',
      finalUrl: 'https://docs.example.com/app',
      rendering: 'rendered',
      title: 'Quokka care',
      wordCount: 4,
    }));
    await userEvent.type(await screen.findByLabelText('URL to inspect'), 'https://docs.example.com/app');
    await userEvent.click(within(box()).getByRole('button', { name: 'Inspect' }));
    expect(await within(box()).findByText('Indexable: https://docs.example.com/app')).toBeTruthy();
    expect(
      within(box()).getByText(
        'The page tried to load a private address (http://10.0.0.1/secret), which was refused.',
      ),
    ).toBeTruthy();
    const rendering = within(within(box()).getByRole('table', { name: 'Inspection steps' }))
      .getByRole('rowheader', { name: 'Rendering' })
      .closest('tr');
    expect(rendering?.querySelector('td')?.textContent).toBe(
      'rendered in Chromium: read after its scripts ran',
    );
  });

  it('Given a page text with markup, then it is shown as text, never as HTML', async () => {
    renderReport(() => ({
      ...disallowed,
      indexable: true,
      reasons: [],
      title: '<img src=x onerror=alert(1)>',
    }));
    await userEvent.type(await screen.findByLabelText('URL to inspect'), 'docs.example.com/a');
    await userEvent.click(within(box()).getByRole('button', { name: 'Inspect' }));
    expect(await within(box()).findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(within(box()).getByText('The crawler would index this page.')).toBeTruthy();
    expect(box().querySelector('img')).toBeNull();
  });

  it('Given the rate limit, then its message is shown', async () => {
    renderReport(() =>
      Response.json(
        {
          type: 'about:blank',
          title: 'Too Many Requests',
          status: 429,
          detail: 'At most 20 URL inspections a minute per account: try again in 12 s.',
        },
        { status: 429, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    await userEvent.type(await screen.findByLabelText('URL to inspect'), 'docs.example.com/a');
    await userEvent.click(within(box()).getByRole('button', { name: 'Inspect' }));
    expect(
      await within(box()).findByText('At most 20 URL inspections a minute per account: try again in 12 s.'),
    ).toBeTruthy();
  });
});
