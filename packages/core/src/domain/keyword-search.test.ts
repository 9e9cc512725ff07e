import { describe, expect, it } from 'vitest';
import { SearchClick } from './keyword-search.ts';

describe('SearchClick', () => {
  const click = (url: string) => SearchClick.safeParse({ searchId: 's1', url, position: 1 }).success;

  it('Given a result link of http(s) or a path (a rewrite rule may make one), then it is taken', () => {
    expect(
      ['https://example.com/a?b#c', 'HTTP://example.com/', '/docs/a', 'docs/a:b', '?page=2'].map(click),
    ).toEqual([true, true, true, true, true]);
  });

  it('Given another scheme, then it is refused: no result link has one', () => {
    expect([' javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', 'JavaScript:x'].map(click)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
