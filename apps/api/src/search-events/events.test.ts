import { describe, expect, it } from 'vitest';
import { boundedFilters, clickRow, FILTER_VALUES_MAX, normaliseQuery, searchRecord } from './events.ts';

describe('normaliseQuery', () => {
  it('given text as typed, then it is trimmed, lowercased and its white space runs are one space', () => {
    expect(normaliseQuery('  Red\t\tSHOES \n size 42  ')).toBe('red shoes size 42');
    expect(normaliseQuery('')).toBe('');
    expect(normaliseQuery(' \u00a0 ')).toBe('');
  });

  it('given plain ASCII words, then the quick path stores what the full normalisation would', () => {
    // The full rules, spelled out: NFC, trimmed, lowercased, white space runs made one space.
    // Every text below is at most 500 characters of words one space apart: the quick path's.
    const full = (text: string) =>
      Array.from(text.normalize('NFC').trim().toLowerCase().replace(/\s+/gu, ' '))
        .slice(0, 500)
        .join('')
        .trimEnd();
    for (const text of [
      'Red Shoes',
      'a',
      'UPPER lower 42',
      'x'.repeat(500),
      `${'x'.repeat(498)} y`,
      'ab~!{}',
      '"q"',
    ]) {
      expect(normaliseQuery(text)).toBe(full(text));
    }
  });

  it('given the same word composed and decomposed, then both are stored alike (NFC)', () => {
    expect(normaliseQuery('Cafe\u0301')).toBe(normaliseQuery('café'));
  });

  it('given more than 500 characters, then 500 code points are kept, never half a surrogate pair', () => {
    const long = `${'a'.repeat(499)}😀😀`;
    const stored = normaliseQuery(long);
    expect(Array.from(stored)).toHaveLength(500);
    expect(stored.endsWith('😀')).toBe(true);
  });
});

describe('stored rows', () => {
  it('given a long list selection, then the first values are kept, each cut, and ranges as they are', () => {
    const values = Array.from({ length: 1000 }, (_, i) => `${i}`.padEnd(300, 'x'));
    const filters = boundedFilters({ c1: { values }, c2: { min: 1, max: 5 } });
    const list = filters?.c1 as { values: string[] };
    expect(list.values).toHaveLength(FILTER_VALUES_MAX);
    expect(list.values[0]).toBe('0'.padEnd(200, 'x'));
    expect(filters?.c2).toEqual({ min: 1, max: 5 });
    expect(boundedFilters({})).toBeNull();
    expect(boundedFilters(undefined)).toBeNull();
  });

  it('given selections within the bounds, then they are stored as they are, not copied', () => {
    const filters = { c1: { values: ['a', 'x'.repeat(200)] }, c2: { min: 1 } };
    expect(boundedFilters(filters)).toBe(filters);
    // 200 code points, 400 UTF-16 units: within the bounds, but only a copy checks code points.
    const emoji = { c1: { values: ['😀'.repeat(200)] } };
    expect(boundedFilters(emoji)).toEqual(emoji);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, { values: ['v'] }]));
    expect(Object.keys(boundedFilters(many) ?? {})).toHaveLength(50);
  });

  it('given events without a time, then they take the time given; search ids are lowercased', () => {
    const now = new Date('2030-01-02T03:04:05Z');
    const row = searchRecord(
      {
        accountId: 'a',
        clientId: 'c',
        engineId: 'e',
        engineType: 'kw',
        query: ' Hello  World ',
        tab: 'Docs',
        page: 2,
        resultCount: 7,
        latencyMs: 1.5,
        visitorId: 'v',
      },
      now,
    );
    expect(row).toMatchObject({ at: now, query: 'hello world', tab: 'Docs', filters: null });
    const click = clickRow(
      { clientId: 'c', searchId: 'ABCDEF', url: 'https://x.test/', position: 1, visitorId: 'v' },
      now,
    );
    expect(click).toMatchObject({ at: now, searchId: 'abcdef' });
  });
});

describe('text PostgreSQL refuses', () => {
  it('given a NUL in a query, a filter, a tab or a clicked URL, then it is stored as something else', () => {
    expect(normaliseQuery('Spa\0des')).toBe('spa des');
    expect(normaliseQuery('a\u0007\0 b')).toBe('a b');
    expect(boundedFilters({ 'c\0': { values: ['a\0b'] }, c2: { min: 1 } })).toEqual({
      'c\uFFFD': { values: ['a\uFFFDb'] },
      c2: { min: 1 },
    });
    const at = new Date('2031-05-07T10:00:00Z');
    const search = {
      accountId: 'a',
      clientId: 'c',
      engineId: 'e',
      engineType: 'kw' as const,
      query: 'x',
      tab: 'all\0',
      page: 1,
      resultCount: 0,
      latencyMs: 1,
      visitorId: 'v',
    };
    expect(searchRecord(search, at).tab).toBe('all\uFFFD');
    const click = { clientId: 'c', searchId: 's', url: 'https://shop.test/\0', position: 1, visitorId: 'v' };
    expect(clickRow(click, at).url).toBe('https://shop.test/\uFFFD');
  });

  it('given half a surrogate pair in a query, a filter, a tab or a clicked URL, then it is stored as U+FFFD', () => {
    expect(normaliseQuery('half \uD800 pair')).toBe('half \uFFFD pair');
    expect(boundedFilters({ 'c\uDC00': { values: ['a\uD800'] } })).toEqual({
      'c\uFFFD': { values: ['a\uFFFD'] },
    });
    const at = new Date('2031-05-07T10:00:00Z');
    const click = {
      clientId: 'c',
      searchId: 's',
      url: 'https://shop.test/\uDFFF',
      position: 1,
      visitorId: 'v',
    };
    expect(clickRow(click, at).url).toBe('https://shop.test/\uFFFD');
  });
});
