import { describe, expect, it } from 'vitest';
import type { KeywordPage } from '../backend.ts';
import { IndexBuilder } from './build.ts';
import { SKIP } from './pack-postings.ts';
import { PostingCursor, recordPositions, seek } from './postings.ts';

/** Pages 0..n-1; page i holds 'common' always, 'every3' when i % 3 == 0, 'rare' when i % 97 == 5. */
function build(n: number) {
  const builder = new IndexBuilder();
  for (let i = 0; i < n; i++) {
    const words = ['common', i % 3 === 0 ? 'every3' : 'filler', i % 97 === 5 ? 'rare' : 'other', 'common'];
    const page: KeywordPage = {
      key: `k${i}`,
      url: `https://x.test/${i}`,
      title: '',
      headings: [],
      description: '',
      body: words.join(' '),
      tags: [],
      language: 'en',
    };
    builder.add(page);
  }
  return builder.finish();
}

describe('postings', () => {
  // SKIP · 12 records of 'common': twelve jumps a cursor may take.
  const data = build(SKIP * 12 + 7);
  const term = (word: string) => data.vocabulary.get(word) as number;

  it('has skip tables for long lists and finds each page by seek', () => {
    expect(data.skips.has(term('common'))).toBe(true);
    for (const page of [0, 1, SKIP, SKIP + 1, SKIP * 5 + 3, data.pageCount - 1]) {
      const at = seek(data, term('every3'), page);
      expect(at >= 0).toBe(page % 3 === 0);
      if (at >= 0) expect(recordPositions(data, seek(data, term('common'), page))).toHaveLength(2);
    }
    expect(seek(data, term('rare'), 4)).toBe(-1);
    expect(seek(data, term('rare'), 5)).toBeGreaterThan(0);
  });

  it('advances a cursor to the first page at or after a target, through the skip table', () => {
    const pages = Array.from({ length: data.pageCount }, (_, i) => i).filter((i) => i % 3 === 0);
    for (const step of [1, 5, 70, 200]) {
      const cursor = new PostingCursor(data, term('every3'));
      for (let target = 0; target < data.pageCount; target += step) {
        const want = pages.find((page) => page >= target);
        expect(cursor.advance(target)).toBe(want !== undefined);
        if (want !== undefined) {
          expect(cursor.page).toBe(want);
          // Its number in the list, also after a jump through the skip table: its score's.
          expect(cursor.ordinal).toBe(pages.indexOf(want));
        }
      }
    }
  });

  it('walks every record in order with next', () => {
    const cursor = new PostingCursor(data, term('rare'));
    const seen: number[] = [];
    while (cursor.next()) seen.push(cursor.page);
    expect(seen).toEqual(Array.from({ length: data.pageCount }, (_, i) => i).filter((i) => i % 97 === 5));
  });
});
