import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { html } from '../../html/html.ts';
import { frameErrorPage, framePage } from './page.ts';

const period = { name: 'custom', from: '2031-05-06', to: '2031-05-07' } as const;

/** The tag names of the body's children: what sits outside every landmark shows up here. */
function bodyChildren(page: string): string[] {
  const $ = load(page);
  return $('body')
    .children()
    .toArray()
    .map((element) => element.tagName);
}

describe('framePage', () => {
  it('given a report, then every part of the body sits in the banner or main, the range line in main', () => {
    const page = framePage({
      title: 'Top queries',
      engineName: 'Shop search',
      period,
      nonce: 'n',
      content: html`<p>figures</p>`,
    });
    expect(bodyChildren(page)).toEqual(['header', 'main']);
    const list = framePage({
      title: 'Top queries',
      engineName: 'Shop search',
      period,
      compared: false,
      nonce: 'n',
      content: html`<p>figures</p>`,
    });
    // A list compared with nothing names no previous period.
    expect(load(list)('main > p.range').text()).toBe('Shop search · 6 May 2031 – 7 May 2031 (UTC days)');
    expect(load(page)('main > p.range').text()).toBe(
      'Shop search · 6 May 2031 – 7 May 2031 (UTC days), compared with 4 May 2031 – 5 May 2031',
    );
  });
});

describe('frameErrorPage', () => {
  it('given a refusal before the report is known, then the tab reads "Analytics | Siteseer", not "Analytics | Analytics"', () => {
    const page = frameErrorPage({ title: 'Analytics', message: 'Client not found.', nonce: 'n' });
    expect(load(page)('title').text()).toBe('Analytics | Siteseer');
    const report = frameErrorPage({ title: 'Top queries', message: 'Bad period.', nonce: 'n' });
    expect(load(report)('title').text()).toBe('Top queries | Analytics | Siteseer');
  });
});

describe('the period chooser', () => {
  it('given today, then neither date can be picked after it (days to come would read as no searches)', () => {
    const $ = load(
      framePage({
        title: 'Top queries',
        engineName: 'Shop search',
        period,
        today: '2031-05-07',
        nonce: 'n',
        content: html``,
      }),
    );
    expect(
      $('input[type=date]')
        .toArray()
        .map((input) => [$(input).attr('name'), $(input).attr('max')]),
    ).toEqual([
      ['from', '2031-05-07'],
      ['to', '2031-05-07'],
    ]);
    const refused = load(
      frameErrorPage({ title: 'Top queries', message: 'Bad.', nonce: 'n', period, today: '2031-05-07' }),
    );
    expect(refused('input[name=to]').attr('max')).toBe('2031-05-07');
  });
});

describe('a period reaching past retention', () => {
  const page = (keptFrom: string, compared?: boolean) =>
    load(
      framePage({
        title: 'Searches over time',
        engineName: 'Shop search',
        period,
        keptFrom,
        ...(compared === undefined ? {} : { compared }),
        nonce: 'n',
        content: html``,
      }),
    )('main > p.note').text();

  it('given days, or compared days, before the first day kept, then a note says they read as none', () => {
    expect(page('2031-05-07')).toBe(
      'Searches and clicks before 7 May 2031 are no longer kept: the days before it read as none, and so do the comparisons with them.',
    );
    // The compared days (4 and 5 May) only.
    expect(page('2031-05-05')).toContain('before 5 May 2031 are no longer kept');
    expect(page('2031-05-05', false)).toBe('');
    expect(page('2031-05-04')).toBe('');
  });
});

describe('the tables', () => {
  it('given a long word in a cell (a query, a result URL), then it may break anywhere rather than push the figures out', () => {
    const page = framePage({
      title: 'Top queries',
      engineName: 'Shop search',
      period,
      nonce: 'n',
      content: html``,
    });
    const style = load(page)('style').text();
    expect(style).toMatch(/(^|\n)th,td\{[^}]*overflow-wrap:anywhere/);
  });
});
