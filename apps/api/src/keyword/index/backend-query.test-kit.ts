import type { BackendQuery } from '../backend.ts';
import { parseKeywordQuery } from '../query/index.ts';
import { IndexBuilder } from './build.ts';
import type { IndexData } from './index-data.ts';

/** A backend query of plain words (the last a prefix when asked), all tabs, no rules. */
export function wordsQuery(
  words: readonly string[],
  options: { prefix?: boolean; limit?: number } = {},
): BackendQuery {
  return {
    slots: words.map((word, n) => ({
      alternatives: [{ words: [word], weight: 1 }],
      prefix: options.prefix === true && n === words.length - 1,
    })),
    tabs: [],
    tab: null,
    boosts: [],
    exclude: [],
    offset: 0,
    limit: options.limit ?? 10,
  };
}

/** A backend query of `q` as typed (parsed without mapping or synonyms), all tabs, no rules. */
export function typedQuery(q: string, extra: Partial<BackendQuery> = {}): BackendQuery {
  const { slots } = parseKeywordQuery(q, { mappings: [], synonyms: [] });
  return { slots, tabs: [], tab: null, boosts: [], exclude: [], offset: 0, limit: 10, ...extra };
}

/**
 * An index of `count` English pages at https://x.test/shop/n (every third) or /blog/n, odd ones
 * tagged 'odd', page n's title and body from `page(n)`.
 */
export function generatedIndex(
  count: number,
  page: (n: number) => { title: string; body: string },
): IndexData {
  const builder = new IndexBuilder();
  for (let n = 0; n < count; n++) {
    const url = `https://x.test/${n % 3 === 0 ? 'shop' : 'blog'}/${n}`;
    builder.add({
      key: url,
      url,
      headings: [],
      description: '',
      tags: n % 2 ? ['odd'] : [],
      language: 'en',
      ...page(n),
    });
  }
  return builder.finish();
}
