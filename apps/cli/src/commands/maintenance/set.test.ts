import { describe, expect, it } from 'vitest';
import { input } from '../../../test/fakes.ts';
import { UsageError } from '../../errors.ts';
import * as set from './set.ts';

const form = (start: string, end = '2026-12-01T23:00Z') =>
  input([], { title: 'Upgrade', message: 'Search may be slow', start, end });

describe('maintenance set', () => {
  it('given ISO 8601 times (Z, an offset, a space, seconds), then they are read as those instants', () => {
    expect(set.parse(form('2026-12-01T22:00Z'))).toEqual({
      title: 'Upgrade',
      message: 'Search may be slow',
      start: '2026-12-01T22:00:00.000Z',
      end: '2026-12-01T23:00:00.000Z',
    });
    expect(set.parse(form('2026-12-01T22:30+01:00')).start).toBe('2026-12-01T21:30:00.000Z');
    expect(set.parse(form('2026-12-01 22:00:15Z')).start).toBe('2026-12-01T22:00:15.000Z');
  });

  it.each([
    ['yesterday'],
    // Date.parse reads these as 2001-01-01, 2001-12-01 and 2026-03-02: never what was meant.
    ['1'],
    ['December 1'],
    ['2026-02-30T10:00Z'],
    ['2026-12-01T24:00Z'],
    ['2026-12-01Z'],
  ])("given --start '%s', then a usage error says it is not an ISO 8601 date and time", (start) => {
    const parse = () => set.parse(form(start));
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(
      `--start: '${start}' is not a date and time: write it ISO 8601, e.g. 2026-12-01T22:00Z (without Z or an offset: your local time).`,
    );
  });

  it('given a bad --end, then it is named too; a missing one keeps the form rule message', () => {
    expect(() => set.parse(form('2026-12-01T22:00Z', 'tomorrow'))).toThrow("--end: 'tomorrow' is not a date");
    expect(() => set.parse(input([], { message: 'm', end: '2026-12-01T23:00Z' }))).toThrow(
      '--start: A start time is required.',
    );
  });
});
