import { type UrlInspection, UrlInspection as UrlInspectionSchema } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { engine, fakeApi, input, ok, refused, T0, testDeps } from '../../../test/fakes.ts';
import { ApiRefusedError, UsageError } from '../../errors.ts';
import * as inspect from './inspect.ts';

const kw = engine({ searchEngineType: 'kw', searchEngineName: 'Docs search', urls: ['https://docs.test/'] });

const STEPS_NOT_TAKEN: Omit<
  UrlInspection,
  'url' | 'checkedAt' | 'indexable' | 'inPublishedCrawl' | 'reasons' | 'notes' | 'scope' | 'robots'
> = {
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

const disallowed: UrlInspection = {
  ...STEPS_NOT_TAKEN,
  url: 'https://docs.test/private/plan',
  checkedAt: T0,
  indexable: false,
  inPublishedCrawl: false,
  reasons: ['robots.txt disallows it: line 2, "Disallow: /private/".'],
  notes: [],
  scope: { inScope: true, site: 'https://docs.test/', filter: null },
  robots: {
    allowed: false,
    rule: 'Disallow: /private/',
    line: 2,
    url: 'https://docs.test/robots.txt',
    state: 'parsed',
  },
};

const published: UrlInspection = {
  ...STEPS_NOT_TAKEN,
  url: 'https://docs.test/old',
  checkedAt: T0,
  indexable: true,
  inPublishedCrawl: true,
  reasons: [],
  notes: ['It redirects to https://docs.test/guide: the crawler follows it and reads the page there.'],
  scope: { inScope: true, site: 'https://docs.test/', filter: '/' },
  robots: { allowed: true, rule: null, line: null, url: 'https://docs.test/robots.txt', state: 'parsed' },
  fetched: true,
  status: 200,
  contentType: 'text/html',
  redirects: [{ url: 'https://docs.test/old', status: 301, location: 'https://docs.test/guide' }],
  finalUrl: 'https://docs.test/guide',
  rendering: 'rendered',
  noindex: false,
  nofollow: false,
  contentTarget: 'main',
  excludeTargets: ['.ads'],
  title: 'Soldering guide',
  excerpt: 'Heat the joint with the iron.',
  wordCount: 6,
  contentHash: 'ab12',
  publication: { url: 'https://docs.test/guide', since: T0, query: 'Soldering guide', position: 1 },
};

function apiAnswering(answer: UrlInspection) {
  return fakeApi({
    engines: { list: async () => ok([kw]), get: async () => ok(kw) },
    crawler: { inspect: async () => ok(answer) },
  });
}

describe('crawl inspect', () => {
  it('takes ENGINE and URL, and refuses a missing URL as a usage error', () => {
    expect(inspect.parse(input(['Docs search', 'docs.test/a'], { account: 'Acme' }))).toEqual({
      engine: 'Docs search',
      url: 'docs.test/a',
      account: 'Acme',
    });
    expect(() => inspect.parse(input(['Docs search']))).toThrow(UsageError);
  });

  it('asks the server to inspect the URL for the engine, and prints the reasons first, then a line per step', async () => {
    const api = apiAnswering(disallowed);
    const { deps, recorded } = testDeps(api);
    await inspect.run(deps, inspect.parse(input(['Docs search', 'https://docs.test/private/plan'])));
    expect(api.crawler.inspect).toHaveBeenCalledWith({
      accountId: 'acc-1',
      engineId: 'eng-1',
      url: 'https://docs.test/private/plan',
    });
    const lines = recorded.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'https://docs.test/private/plan: not indexable',
      '  ✗ robots.txt disallows it: line 2, "Disallow: /private/".',
    ]);
    expect(lines).toContain('Scope:        in the crawl (site https://docs.test/)');
    expect(lines).toContain('robots.txt:   disallowed by line 2: Disallow: /private/');
    expect(lines).toContain('Fetch:        not fetched');
    expect(lines).toContain('Rendering:    -');
    expect(lines).toContain('Published:    no');
  });

  it('shows the redirects, the rendering, content targets and where search ranks a published page', async () => {
    const { deps, recorded } = testDeps(apiAnswering(published));
    await inspect.run(deps, inspect.parse(input(['Docs search', 'https://docs.test/old'])));
    const lines = recorded.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'https://docs.test/old: indexable',
      '  - It redirects to https://docs.test/guide: the crawler follows it and reads the page there.',
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Scope:        in the crawl (site https://docs.test/, URL filter /)',
        'robots.txt:   allowed (no rule matches)',
        'Fetch:        HTTP 200, text/html',
        'Redirect:     301 https://docs.test/old → https://docs.test/guide',
        'Rendering:    rendered in Chromium: read after its scripts ran',
        'Noindex:      no',
        'Content:      target main, excluding .ads',
        'Words:        6',
        'Published:    yes, as https://docs.test/guide since 2026-11-01 09:00 UTC; position 1 for "Soldering guide"',
      ]),
    );
  });

  it('with --json, prints the answer as one object with the fields the contract names', async () => {
    const { deps, recorded } = testDeps(apiAnswering(disallowed), { json: true });
    await inspect.run(deps, inspect.parse(input(['Docs search', 'https://docs.test/private/plan'])));
    const printed = JSON.parse(recorded.stdout);
    expect(UrlInspectionSchema.parse(printed)).toEqual(disallowed);
    expect(printed).toMatchObject({
      url: 'https://docs.test/private/plan',
      indexable: false,
      inPublishedCrawl: false,
      reasons: ['robots.txt disallows it: line 2, "Disallow: /private/".'],
      robots: { allowed: false, rule: 'Disallow: /private/' },
      status: null,
      contentType: null,
      canonical: null,
      redirects: [],
      rendering: null,
      title: null,
      excerpt: null,
    });
  });

  it('passes on the server refusal, such as the rate limit', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: {
        inspect: async () =>
          refused(429, 'At most 20 URL inspections a minute per account: try again in 12 s.'),
      },
    });
    const { deps } = testDeps(api);
    await expect(
      inspect.run(deps, inspect.parse(input(['Docs search', 'https://docs.test/a']))),
    ).rejects.toThrow(ApiRefusedError);
  });
});
