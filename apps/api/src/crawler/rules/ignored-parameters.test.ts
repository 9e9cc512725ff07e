import { BUILT_IN_IGNORED_PARAMETERS } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import {
  ignoredParameters,
  withoutIgnoredParameters,
  withoutSessionPathParameters,
} from './ignored-parameters.ts';

describe('ignoredParameters', () => {
  const builtIn = ignoredParameters();

  it('drops the campaign tags, click ids, analytics linkers and session ids, in any case', () => {
    for (const name of [
      'utm_source',
      'UTM_Medium',
      'utm_',
      'gclid',
      'fbclid',
      'msclkid',
      'dclid',
      'mc_eid',
    ]) {
      expect(builtIn(name), name).toBe(true);
    }
    for (const name of ['mc_cid', '_ga', '_gl', 'yclid', 'igshid', 'jsessionid', 'JSESSIONID', 'PHPSESSID']) {
      expect(builtIn(name), name).toBe(true);
    }
  });

  it('keeps parameters that may change the page, sid among them, and names that only start alike', () => {
    for (const name of ['page', 'q', 'id', 'sid', 'ref', 'utm', 'gclid2', 'x_gclid', '_gat']) {
      expect(builtIn(name), name).toBe(false);
    }
  });

  it("adds an engine's names and prefix* patterns to the built-in ones, case-insensitively", () => {
    const ignored = ignoredParameters(['ref*', 'Session']);
    expect(['ref', 'referrer', 'REF_ID', 'session', 'SESSION', 'utm_term'].map(ignored)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['pref', 'sessions', 'page'].map(ignored)).toEqual([false, false, false]);
  });

  it('lists every built-in as a name or a prefix* pattern in lower case', () => {
    for (const pattern of BUILT_IN_IGNORED_PARAMETERS) expect(pattern).toMatch(/^[a-z_]+\*?$/);
  });
});

describe('withoutIgnoredParameters', () => {
  const ignored = ignoredParameters(['ref*']);

  it('drops the ignored pieces and keeps the others as written, in their order', () => {
    expect(withoutIgnoredParameters('?b=x+y&utm_source=a&a=/p&ref', ignored)).toBe('?b=x+y&a=/p');
  });

  it('gives no query when every piece is dropped, and the query unchanged when none is', () => {
    expect(withoutIgnoredParameters('?utm_source=a&gclid=x', ignored)).toBe('');
    expect(withoutIgnoredParameters('?b=1&&a', ignored)).toBe('?b=1&&a');
    expect(withoutIgnoredParameters('?', ignored)).toBe('?');
    expect(withoutIgnoredParameters('', ignored)).toBe('');
  });
});

describe('withoutSessionPathParameters', () => {
  it('drops ;jsessionid= path parameters in any case and keeps other path parameters', () => {
    expect(withoutSessionPathParameters('/shop/item;jsessionid=A1B2')).toBe('/shop/item');
    expect(withoutSessionPathParameters('/a;JSESSIONID=x/b;v=2')).toBe('/a/b;v=2');
    expect(withoutSessionPathParameters('/a;v=1;jsessionid=x;w=2')).toBe('/a;v=1;w=2');
  });
});
