import { describe, expect, it } from 'vitest';
import { fillPath, joinUrl, toQueryString } from './url.ts';

describe('fillPath', () => {
  it('Given values with reserved characters, then each placeholder gets its URI-encoded value', () => {
    expect(fillPath('account/:id/user/:userId', { id: 'a/1', userId: 'ü ?' })).toBe(
      'account/a%2F1/user/%C3%BC%20%3F',
    );
  });

  it('Given a missing value, then it throws rather than send a broken path', () => {
    expect(() => fillPath('client/:id/:engineType/snippet', { id: 'c1' })).toThrow(
      "Missing path parameter 'engineType'",
    );
  });
});

describe('toQueryString', () => {
  it('Given undefined and null values, then they are left out; numbers are written as text', () => {
    expect(toQueryString({ engineId: 'e1', version: 2, importId: undefined, clientId: null })).toBe(
      '?engineId=e1&version=2',
    );
  });

  it('Given an array, then it becomes a comma list of encoded items', () => {
    expect(toQueryString({ engineIds: ['a,b', 'c'] })).toBe('?engineIds=a%2Cb,c');
  });

  it('Given nothing to send, then the query string is empty', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('joinUrl', () => {
  it('Given a base with or without a trailing slash, then exactly one slash joins the path', () => {
    expect(joinUrl('http://h/api/', 'features')).toBe('http://h/api/features');
    expect(joinUrl('http://h/api', 'features')).toBe('http://h/api/features');
  });
});
