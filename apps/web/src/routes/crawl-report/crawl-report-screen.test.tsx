import type { CrawlReportHit, CrawlReportSitemaps } from '@siteseer/core';
import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CRAWL_REPORT_REFRESH_MS } from '../../api/queries.ts';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeCall, type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { Component as CrawlReport } from './crawl-report-screen.tsx';
import { checkTime } from './crawl-report-table.tsx';

const PATH = '/keywordcrawlreport/a1/k1';
const LAST = '2026-03-01T10:00:00.000Z';
const NEXT = '2026-03-02T10:00:00.000Z';

const hit = (n: number, status = 3): CrawlReportHit => ({
  id: `h${n}`,
  url: `https://docs.example.com/page-${n}`,
  status,
  last_check: status === 3 || status === 4 ? LAST : null,
  next_check: status === 3 || status === 4 ? NEXT : null,
});

interface ReportState {
  hits: CrawlReportHit[];
  finalized: boolean;
  sitemaps?: CrawlReportSitemaps;
}

/**
 * The report call as the API answers it: the URLs containing the search term (case-insensitive),
 * `resultSize` of them from `fromIndex`, the total of the matches and the counts of every URL.
 */
function reportRoute(state: ReportState | (() => ReportState)): FakeRoutes {
  return {
    'POST datasource/crawler/report': (call: FakeCall) => {
      const { hits, finalized, sitemaps } = typeof state === 'function' ? state() : state;
      const body = call.body as { fromIndex: number; resultSize: number; searchTerm: string };
      const matches = hits.filter((h) => h.url.toLowerCase().includes(body.searchTerm.toLowerCase()));
      const counts: Record<string, number> = {};
      for (const h of hits) counts[h.status] = (counts[h.status] ?? 0) + 1;
      return {
        hits: {
          total: { value: matches.length },
          hits: matches.slice(body.fromIndex, body.fromIndex + body.resultSize),
        },
        took: 123,
        finalized,
        counts,
        state: finalized ? 'finished' : 'crawling',
        ...(sitemaps ? { sitemaps } : {}),
      };
    },
  };
}

const docs = engine({ id: 'k1', accountId: 'a1', searchEngineName: 'Docs Search' });

function renderReport(api: FakeRoutes, path = PATH) {
  return renderPortal({
    path,
    routes: routesFor('/keywordcrawlreport/:accountId/:engineId', <CrawlReport />),
    profile: profile({ accounts: [account('a1', 'Acme', 'owner')] }),
    features: seededFeatures(),
    engines: [docs],
    api,
  });
}

const pager = () => screen.getByRole('navigation', { name: 'Crawl report pages' });
const pageButtons = () =>
  within(pager())
    .getAllByRole('button')
    .map((button) => button.textContent);
const currentPage = () => within(pager()).getByRole('button', { current: 'page' }).textContent;
const shownUrls = () =>
  within(screen.getByRole('table', { name: 'Crawled URLs' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const reportCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === 'datasource/crawler/report').map((c) => c.body);

const many = (count: number) => Array.from({ length: count }, (_, i) => hit(i + 1));

describe('Crawl report', () => {
  it("Given 95 crawled URLs, when the report opens, then it shows 10 of them, '95 results (0.12 seconds)' and the first 7 page numbers", async () => {
    const { calls } = renderReport(reportRoute({ hits: many(95), finalized: true }));

    expect(await screen.findByRole('heading', { name: 'Crawl Report: Docs Search' })).toBeTruthy();
    expect(await screen.findByText('95 results (0.12 seconds)')).toBeTruthy();
    expect(shownUrls()).toEqual(many(10).map((h) => h.url));
    expect(pageButtons()).toEqual(['Previous', '1', '2', '3', '4', '5', '6', '7', 'Next']);
    expect(currentPage()).toBe('1');
    expect((within(pager()).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(reportCalls(calls)).toEqual([
      { accountId: 'a1', engineId: 'k1', fromIndex: 0, resultSize: 10, searchTerm: '', order: 'discovery' },
    ]);
  });

  it('Given 10 pages, when page 7 then Next then page 10 are chosen, then the window of 7 follows the current page and each asks for its URLs', async () => {
    const { calls } = renderReport(reportRoute({ hits: many(95), finalized: true }));
    await screen.findByText('95 results (0.12 seconds)');

    await userEvent.click(within(pager()).getByRole('button', { name: '7' }));
    await waitFor(() => expect(shownUrls()[0]).toBe('https://docs.example.com/page-61'));
    expect(pageButtons()).toEqual(['Previous', '4', '5', '6', '7', '8', '9', '10', 'Next']);
    expect(currentPage()).toBe('7');

    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownUrls()[0]).toBe('https://docs.example.com/page-71'));
    expect(currentPage()).toBe('8');

    await userEvent.click(within(pager()).getByRole('button', { name: '10' }));
    await waitFor(() =>
      expect(shownUrls()).toEqual(
        ['91', '92', '93', '94', '95'].map((n) => `https://docs.example.com/page-${n}`),
      ),
    );
    expect(pageButtons()).toEqual(['Previous', '4', '5', '6', '7', '8', '9', '10', 'Next']);
    expect((within(pager()).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(reportCalls(calls).map((body) => (body as { fromIndex: number }).fromIndex)).toEqual([
      0, 60, 70, 90,
    ]);
  });

  it('Given an engine, then the page title names it, as the heading does', async () => {
    renderReport(reportRoute({ hits: many(3), finalized: true }));
    await screen.findByRole('heading', { level: 1, name: 'Crawl Report: Docs Search' });
    await waitFor(() => expect(document.title).toBe('Crawl Report: Docs Search | Siteseer'));
  });

  it('Given 25 URLs, then every page number shows (3), without a window', async () => {
    renderReport(reportRoute({ hits: many(25), finalized: true }));
    await screen.findByText('25 results (0.12 seconds)');
    expect(pageButtons()).toEqual(['Previous', '1', '2', '3', 'Next']);
  });

  it('Given page 3, when 1 to 3 characters are typed in Filter URLs, then nothing is asked; the 4th searches from page 1; emptying lists all again', async () => {
    const hits = [...many(30), hit(31, 4), hit(32, 4)].map((h, i) =>
      i >= 30 ? { ...h, url: `https://docs.example.com/missing-${i}` } : h,
    );
    const { calls } = renderReport(reportRoute({ hits, finalized: true }));
    await screen.findByText('32 results (0.12 seconds)');
    await userEvent.click(within(pager()).getByRole('button', { name: '3' }));
    await waitFor(() => expect(currentPage()).toBe('3'));
    const before = reportCalls(calls).length;

    const filter = screen.getByLabelText('Filter URLs');
    await userEvent.type(filter, 'mis');
    expect(reportCalls(calls).length).toBe(before);
    expect(currentPage()).toBe('3');

    await userEvent.type(filter, 's');
    expect(await screen.findByText('2 results (0.12 seconds)')).toBeTruthy();
    expect(reportCalls(calls).slice(before)).toEqual([
      expect.objectContaining({ fromIndex: 0, searchTerm: 'miss' }),
    ]);
    expect(shownUrls()).toEqual([
      'https://docs.example.com/missing-30',
      'https://docs.example.com/missing-31',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Crawl report pages' })).toBeNull();

    await userEvent.clear(filter);
    expect(await screen.findByText('32 results (0.12 seconds)')).toBeTruthy();
    expect(reportCalls(calls).at(-1)).toMatchObject({ fromIndex: 0, searchTerm: '' });
    expect(currentPage()).toBe('1');
  });

  it('Given URLs of several statuses, then each shows its display text, and check times only for Success', async () => {
    renderReport(
      reportRoute({
        hits: [
          hit(1, 3),
          { ...hit(2, 4), reason: 'HTTP 404' },
          hit(3, 9),
          { ...hit(4, 5), reason: 'Redirects to https://docs.example.com/page-1.' },
          hit(5, 0),
          hit(6, 12),
        ],
        finalized: true,
      }),
    );
    await screen.findByText('6 results (0.12 seconds)');
    const rows = within(screen.getByRole('table', { name: 'Crawled URLs' }))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    const url = (n: number) => `https://docs.example.com/page-${n}`;
    expect(rows.slice(1)).toEqual([
      [url(1), 'Success', checkTime(LAST), checkTime(NEXT)],
      // A 404 has check times in the answer; the report shows them for the checked status only.
      // Under the status, why the crawler left the URL there, when it says.
      [url(2), '404HTTP 404', '', ''],
      [url(3), 'Pending Fetch', '', ''],
      [url(4), 'RedirectedRedirects to https://docs.example.com/page-1.', '', ''],
      [url(5), 'Created', '', ''],
      [url(6), 'Unknown', '', ''],
    ]);
    expect(checkTime(LAST)).not.toBe('');
    expect(
      within(screen.getByRole('table', { name: 'Crawled URLs' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['URL', 'Status', 'Last Check', 'Next Check']);
  });

  it('Given a crawl URL that is not a web address, then it shows as text, never as a link; a reason is text too', async () => {
    renderReport(
      reportRoute({
        hits: [
          { ...hit(1), url: 'javascript:alert(1)' },
          { ...hit(2), url: '<b>bold</b>' },
          { ...hit(3), reason: 'Same content as <i>page-1</i>.' },
        ],
        finalized: true,
      }),
    );
    await screen.findByText('3 results (0.12 seconds)');
    const table = screen.getByRole('table', { name: 'Crawled URLs' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://docs.example.com/page-3']);
    expect(within(table).getByText('<b>bold</b>')).toBeTruthy();
    expect(within(table).getByText('Same content as <i>page-1</i>.')).toBeTruthy();
    expect(table.querySelector('b, i')).toBeNull();
  });

  it('Given a URL and a reason holding bidi controls, then they show without them (was: as they are, reordered)', async () => {
    renderReport(
      reportRoute({
        hits: [
          { ...hit(1), url: 'https://docs.example.com/\u202efdp.exe' },
          { ...hit(2, 2), reason: 'Redirects to \u2067https://docs.example.com/x\u2069.' },
        ],
        finalized: true,
      }),
    );
    await screen.findByText('2 results (0.12 seconds)');
    const table = screen.getByRole('table', { name: 'Crawled URLs' });
    expect(within(table).getAllByRole('link')[0]?.textContent).toBe('https://docs.example.com/fdp.exe');
    expect(within(table).getByText('Redirects to https://docs.example.com/x.')).toBeTruthy();
    expect(table.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('Given the sitemaps the crawl read and refused, then a Sitemaps section says what became of each and why', async () => {
    const none = { queued: 0, otherSite: 0, filtered: 0, invalid: 0, sitemaps: 0 };
    renderReport(
      reportRoute({
        hits: [hit(1)],
        finalized: true,
        sitemaps: {
          files: [
            { ...none, url: 'https://docs.example.com/sitemap_index.xml', kind: 'index', sitemaps: 2 },
            {
              ...none,
              url: 'https://docs.example.com/pages.xml',
              kind: 'sitemap',
              queued: 120,
              otherSite: 4,
              filtered: 2,
            },
            {
              ...none,
              url: 'http://10.0.0.5/\u202ehidden.xml',
              reason: 'unreachable: address 10.0.0.5 is in a refused range (private)',
            },
            {
              ...none,
              url: 'https://docs.example.com/lol.xml',
              reason: 'malformed XML: 1:60: undefined entity',
            },
          ],
          omitted: 3,
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Sitemaps' });
    expect(within(section).getByText('2 read, 5 not read; 120 pages queued from them.')).toBeTruthy();
    const rows = within(within(section).getByRole('table', { name: 'Sitemaps' }))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['https://docs.example.com/sitemap_index.xml', 'Index of 2 sitemaps.'],
      [
        'https://docs.example.com/pages.xml',
        '120 pages queued; 4 on other sites; 2 outside the URL filters.',
      ],
      [
        'http://10.0.0.5/hidden.xml',
        'Not read: unreachable: address 10.0.0.5 is in a refused range (private).',
      ],
      ['https://docs.example.com/lol.xml', 'Not read: malformed XML: 1:60: undefined entity.'],
    ]);
    expect(within(section).getByText('3 more sitemaps not read are not listed.')).toBeTruthy();
  });

  it('Given a crawl that has not read its sitemaps yet, then no Sitemaps section shows', async () => {
    renderReport(reportRoute({ hits: [hit(1)], finalized: false }));
    await screen.findByText('1 results (0.12 seconds)');
    expect(screen.queryByRole('region', { name: 'Sitemaps' })).toBeNull();
  });

  it('Given a running crawl, then it shows progress and counts by status without the note, refreshes itself, and stops once finalized', async () => {
    let state: ReportState = { hits: [hit(1), hit(2, 4), hit(3, 9), hit(4, 0)], finalized: false };
    const { calls } = renderReport(reportRoute(() => state));

    const progress = await screen.findByRole('progressbar', { name: 'URLs fetched' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('2 of 4 URLs fetched')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Crawl: Crawling' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'URLs by status' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Created: 1', 'Success: 1', '404: 1', 'Pending Fetch: 1']);
    expect(screen.queryByText(MESSAGES.crawlerFinished)).toBeNull();

    state = { hits: [hit(1), hit(2, 4), hit(3), hit(4)], finalized: true };
    expect(
      await screen.findByText(MESSAGES.crawlerFinished, {}, { timeout: CRAWL_REPORT_REFRESH_MS * 2 }),
    ).toBeTruthy();
    expect(screen.getByText('4 of 4 URLs fetched')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Crawl: Finished' })).toBeTruthy();
    const asked = reportCalls(calls).length;
    expect(asked).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, CRAWL_REPORT_REFRESH_MS + 500));
    expect(reportCalls(calls).length).toBe(asked);
  });

  it('Given a crawl held back by the 10 % guard, then the report says why', async () => {
    const held = reportRoute({ hits: [hit(1)], finalized: true });
    renderReport({
      'POST datasource/crawler/report': async (call) => ({
        ...((await held['POST datasource/crawler/report']?.(call)) as object),
        publication: {
          publishedRunId: 1,
          publishedPages: 100,
          latestRunId: 2,
          latestPages: 50,
          held: true,
        },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This crawl found 50 pages, 50 % fewer than the 100 of the published one, so it was not published. ' +
        'Publish it anyway with siteseer crawl publish k1 --force.',
    );
  });

  it('Given a crawl that reached crawl limits, then the report lists what each left out', async () => {
    const limited = reportRoute({ hits: [hit(1)], finalized: true });
    const variants =
      'Not queued: too many variants of https://docs.example.com/q (the limit is 100 a path): 7,950 links.';
    const pages =
      'The crawl reached its limit of 100,000 fetched pages: 5 URLs were not fetched. Start the crawl again to fetch them.';
    renderReport({
      'POST datasource/crawler/report': async (call) => ({
        ...((await limited['POST datasource/crawler/report']?.(call)) as object),
        limits: [
          {
            kind: 'queryVariants',
            limit: 100,
            count: 7950,
            path: 'https://docs.example.com/q',
            message: variants,
          },
          { kind: 'pages', limit: 100_000, count: 5, message: pages },
        ],
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Crawl limits reached')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([variants, pages]);
  });

  it('Given an engine of another account, when the API refuses, then its answer shows and no URL does', async () => {
    renderReport(
      {
        'POST datasource/crawler/report': () =>
          Response.json(
            { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Account not found.' },
            { status: 404, headers: { 'content-type': 'application/problem+json' } },
          ),
      },
      '/keywordcrawlreport/other/k9',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Account not found.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Crawl Report');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByLabelText('Filter URLs')).toBeNull();
  });
  it('Given page 2 cannot be reached, then page 1 stays with the plain reason, and Try Again shows page 2', async () => {
    const answer = reportRoute({ hits: many(25), finalized: true })['POST datasource/crawler/report'];
    let offline = false;
    renderReport({
      'POST datasource/crawler/report': (call: FakeCall) => {
        if (offline) throw new TypeError('Failed to fetch');
        return answer?.(call);
      },
    });
    await screen.findByText('25 results (0.12 seconds)');
    offline = true;
    await userEvent.click(within(pager()).getByRole('button', { name: '2' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(alert.textContent).not.toContain('http');
    expect(shownUrls()).toEqual(many(10).map((h) => h.url));
    expect(screen.getByRole('searchbox', { name: 'Filter URLs' })).toBeTruthy();

    offline = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(shownUrls()[0]).toBe('https://docs.example.com/page-11'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
