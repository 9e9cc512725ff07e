import { describe, expect, it } from 'vitest';
import {
  addSiteUrl,
  canRemoveSiteUrl,
  removeSiteUrl,
  urlsToStartCrawling,
  validateCrawlerStep,
} from './crawler-step.ts';
import { MESSAGES } from './messages.ts';

describe('adding a site URL', () => {
  it.each([
    ['a new URL', [], 'example.com', ['example.com']],
    ['a padded URL', ['a.com'], '  https://b.com/docs  ', ['a.com', 'https://b.com/docs']],
    ['the same URL again', ['a.com', 'b.com'], 'a.com', ['a.com', 'b.com']],
    ['a duplicate spelled differently', ['a.com', 'b.com'], 'https://A.com/', ['https://A.com/', 'b.com']],
    ['blank input', ['a.com'], '   ', ['a.com']],
    ['the http twin of an https URL', ['https://a.com'], 'http://a.com', ['https://a.com', 'http://a.com']],
  ])('Given %s, when added, then the list is %j', (_case, urls, input, expected) => {
    expect(addSiteUrl(urls, input)).toEqual({ ok: true, value: expected });
  });

  it('Given a list with the same site twice, when it is added again, then one entry remains in first place', () => {
    expect(addSiteUrl(['a.com', 'b.com', 'https://a.com/'], 'A.com')).toEqual({
      ok: true,
      value: ['A.com', 'b.com'],
    });
  });

  it('Given an invalid URL, when added, then it is refused and the list is unchanged', () => {
    const urls = ['a.com'];
    expect(addSiteUrl(urls, 'not a url')).toEqual({ ok: false, error: MESSAGES.invalidUrl });
    expect(urls).toEqual(['a.com']);
  });
});

describe('removing a site URL', () => {
  it.each([
    ['create', ['a.com', 'b.com'], 'a.com', { ok: true, value: ['b.com'] }],
    ['create', ['a.com'], 'a.com', { ok: true, value: [] }],
    ['edit', ['a.com', 'b.com'], 'https://a.com/', { ok: true, value: ['b.com'] }],
    ['edit', ['a.com'], 'a.com', { ok: false, error: MESSAGES.lastUrlNotRemovable }],
    ['edit', ['a.com'], 'other.com', { ok: true, value: ['a.com'] }],
  ] as const)('Given %s mode and %j, when %j is removed, then %j', (mode, urls, url, expected) => {
    expect(removeSiteUrl(urls, url, mode)).toEqual(expected);
  });

  it.each([
    ['create', 1, true],
    ['edit', 1, false],
    ['edit', 2, true],
  ] as const)(
    'Given %s mode and %i URLs, when asked if one can be removed, then %s',
    (mode, count, expected) => {
      expect(
        canRemoveSiteUrl(
          Array.from({ length: count }, (_, i) => `s${i}.com`),
          mode,
        ),
      ).toBe(expected);
    },
  );
});

describe('URLs to start crawling after an edit', () => {
  it('Given an original list and an edited one, when compared, then only new sites are returned', () => {
    expect(urlsToStartCrawling(['a.com', 'b.com'], ['https://a.com/', 'c.com', 'b.com', 'd.com/x'])).toEqual([
      'c.com',
      'd.com/x',
    ]);
  });
});

describe('crawler step validation', () => {
  it('Given a URL and the default origin, when validated, then there is nothing to correct', () => {
    expect(validateCrawlerStep({ urls: ['a.com'], origin: '*' })).toEqual({ errors: {}, blocking: false });
  });

  it.each([
    ['no URL', { urls: [], origin: '*' }, { urls: MESSAGES.atLeastOneSite }],
    ['an empty origin', { urls: ['a.com'], origin: '' }, { origin: MESSAGES.originRequired }],
    ['a whitespace origin', { urls: ['a.com'], origin: '  ' }, { origin: MESSAGES.originRequired }],
    ['a null origin', { urls: ['a.com'], origin: null }, { origin: MESSAGES.originRequired }],
  ])('Given %s, when validated, then the error blocks with the summary message', (_case, step, errors) => {
    expect(validateCrawlerStep(step)).toEqual({
      errors,
      blocking: true,
      message: 'Correct errors before proceeding.',
    });
  });

  it('Given an invalid URL left in the input box, when validated, then it is reported without blocking', () => {
    expect(validateCrawlerStep({ urls: ['a.com'], origin: '*', newUrl: 'bad url' })).toEqual({
      errors: { newUrl: MESSAGES.invalidUrl },
      blocking: false,
    });
  });

  it('Given a one-character origin, when validated, then it is accepted', () => {
    expect(validateCrawlerStep({ urls: ['a.com'], origin: 'x' }).errors.origin).toBeUndefined();
  });
});
