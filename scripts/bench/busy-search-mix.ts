/**
 * The visitor searches of the busy-search section: half keyword searches of the crawled site's
 * engine, half searches of the product table's parametric engine (text with filters and sort, or
 * browsing), as a site with both kinds of engine gets them. Deterministic by search number.
 */
import { WORDS } from './crawl-site.ts';
import { prng } from './dataset.ts';
import { browseQuery, textQuery } from './search-bench.ts';

export type BusySearch =
  | { kind: 'keyword'; q: string }
  | { kind: 'parametric'; body: Record<string, unknown> };

function word(random: () => number): string {
  return WORDS[Math.floor(random() ** 2 * WORDS.length)] as string;
}

/** Search number `i`: keyword (one word, two words or a word's prefix), parametric text or browse. */
export function busySearch(i: number, columnId: (label: string) => string): BusySearch {
  const slot = i % 10;
  if (slot < 5) {
    const random = prng(3_000_017 + i);
    const kind = random();
    const q =
      kind < 0.4 ? word(random) : kind < 0.8 ? `${word(random)} ${word(random)}` : word(random).slice(0, 4);
    return { kind: 'keyword', q };
  }
  return { kind: 'parametric', body: slot < 8 ? textQuery(i, columnId) : browseQuery(i, columnId) };
}
