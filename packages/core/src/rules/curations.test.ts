import { describe, expect, it } from 'vitest';
import { curate } from './curations.ts';
import { MESSAGES } from './messages.ts';

const pricing = { query: 'Pricing', results: ['/pricing'], hidden: ['/old'] };

describe('curate', () => {
  it('Given no entry for the query, when a URL is pinned or hidden, then an entry is made', () => {
    expect(curate([], 'docs', { pin: ['/docs'] })).toEqual({
      ok: true,
      value: [{ query: 'docs', results: ['/docs'] }],
    });
    expect(curate([], 'docs', { hide: [' /old '] })).toEqual({
      ok: true,
      value: [{ query: 'docs', results: [], hidden: ['/old'] }],
    });
  });

  it('Given a hidden URL, when it is pinned (in another case of the query), then it moves to the end of the pins', () => {
    expect(curate([pricing], 'PRICING', { pin: ['/old'] })).toEqual({
      ok: true,
      value: [{ query: 'Pricing', results: ['/pricing', '/old'] }],
    });
  });

  it('Given a pinned URL, when it is hidden, then it leaves the pins', () => {
    expect(curate([pricing], 'pricing', { hide: ['/pricing'] })).toEqual({
      ok: true,
      value: [{ query: 'Pricing', results: [], hidden: ['/old', '/pricing'] }],
    });
  });

  it('Given an entry, when URLs or the whole entry are removed, then an emptied entry goes', () => {
    expect(curate([pricing], 'pricing', { remove: ['/old'] })).toEqual({
      ok: true,
      value: [{ query: 'Pricing', results: ['/pricing'] }],
    });
    expect(curate([pricing], 'pricing', { remove: ['/old', '/pricing'] })).toEqual({ ok: true, value: [] });
    expect(curate([pricing], 'pricing', { remove: [] })).toEqual({ ok: true, value: [] });
  });

  it('Given no entry for the query, when removing, then it is refused', () => {
    expect(curate([pricing], 'docs', { remove: [] })).toEqual({
      ok: false,
      error: MESSAGES.rankingEntryNotFound,
    });
  });
});
