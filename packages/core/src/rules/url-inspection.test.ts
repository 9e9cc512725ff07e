import { describe, expect, it } from 'vitest';
import type { UrlInspection } from '../domain/url-inspection.ts';
import { inspectionSteps, inspectionVerdict } from './url-inspection.ts';

const base: UrlInspection = {
  url: 'https://docs.test/a',
  checkedAt: '2026-12-07T12:00:00.000Z',
  indexable: true,
  inPublishedCrawl: true,
  reasons: [],
  notes: [],
  scope: { inScope: true, site: 'https://docs.test/', filter: null },
  robots: { allowed: true, rule: null, line: null, url: 'https://docs.test/robots.txt', state: 'absent' },
  fetched: true,
  fetchError: null,
  status: 200,
  contentType: 'text/html',
  redirects: [],
  finalUrl: 'https://docs.test/a',
  rendering: 'off',
  canonical: null,
  noindex: true,
  noindexSource: 'header',
  nofollow: false,
  contentTarget: '',
  excludeTargets: [],
  title: 'A',
  excerpt: 'Words',
  wordCount: 1234,
  contentHash: 'h',
  duplicateOf: null,
  publication: { url: 'https://docs.test/a', since: '2026-12-01T08:30:00.000Z', query: 'A', position: null },
};

describe('inspectionSteps', () => {
  it('words each step in the crawler order, a step not reached as null', () => {
    const steps = Object.fromEntries(inspectionSteps(base));
    expect(steps).toEqual({
      Scope: 'in the crawl (site https://docs.test/)',
      'robots.txt': 'allowed (no robots.txt)',
      Fetch: 'HTTP 200, text/html',
      Rendering: 'off: read as fetched (the engine does not render JavaScript)',
      Canonical: null,
      Noindex: 'yes (X-Robots-Tag header)',
      Nofollow: 'no',
      Content: 'the whole page',
      Title: 'A',
      Words: '1,234',
      Excerpt: 'Words',
      'Duplicate of': null,
      Published:
        'yes, as https://docs.test/a since 2026-12-01 08:30 UTC; not in the first 100 results for "A"',
    });
    expect(inspectionVerdict(base)).toBe('Indexable');
  });

  it('names the filter that left a URL out, the failure of a fetch and each redirect', () => {
    const out = inspectionSteps({
      ...base,
      indexable: false,
      scope: { inScope: false, site: 'https://docs.test/', filter: '-/drafts/' },
      fetchError: 'address 10.0.0.1 is refused',
      redirects: [{ url: 'https://docs.test/a', status: 301, location: 'http://10.0.0.1/' }],
      rendering: null,
    });
    expect(out.slice(0, 5)).toEqual([
      ['Scope', 'left out by the URL filter -/drafts/'],
      ['robots.txt', 'allowed (no robots.txt)'],
      ['Fetch', 'failed: address 10.0.0.1 is refused'],
      ['Redirect', '301 https://docs.test/a → http://10.0.0.1/'],
      ['Rendering', null],
    ]);
  });

  it.each([
    ['rendered', 'rendered in Chromium: read after its scripts ran'],
    ['timeout', 'did not finish loading in the browser: not read'],
    ['failed', 'the browser could not load it: not read'],
    ['unavailable', 'not rendered: this server has no Chromium, so it was read as fetched'],
  ] as const)('words a page the engine renders, %s, in the Rendering step', (rendering, text) => {
    const steps = Object.fromEntries(inspectionSteps({ ...base, rendering }));
    expect(steps.Rendering).toBe(text);
  });
});
