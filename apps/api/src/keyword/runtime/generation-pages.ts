import type { CharacterMapping } from '@siteseer/core';
import { type PageRow, readPageBatch } from '../../repositories/keyword/pages.ts';
import type { Store } from '../../store/types.ts';
import { mapText } from '../analysis/index.ts';
import type { KeywordPage } from '../backend.ts';
import type { Generation } from './live-keyword.ts';

/** Pages read per statement when they are small. */
export const PAGE_BATCH = 2000;
/**
 * Pages read by the first statement: few, so that the index is being built from them while the
 * rest are read (a site of 500 large pages was read in one statement, 160 ms before any build).
 */
export const FIRST_BATCH = 100;
/** Characters of text a batch should stay near: large pages make smaller batches. */
const BATCH_CHARS = 16_000_000;
const MIN_BATCH = 50;

function tagsOf(row: PageRow): string[] {
  const tags = row.custom_tags?.tags;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** A stored page as the backend indexes it: its texts character-mapped (the URL is not). */
export function keywordPage(row: PageRow, mappings: readonly CharacterMapping[]): KeywordPage {
  const mapped = (text: string) => mapText(text, mappings);
  return {
    key: row.url_key,
    url: row.url,
    title: mapped(row.title),
    headings: row.headings.map(mapped),
    description: mapped(row.description),
    body: mapped(row.body),
    tags: tagsOf(row).map(mapped),
    language: row.language,
    linkShare: row.link_share,
  };
}

/**
 * The generation's pages in batches, read by keyset on the primary key: each statement is short
 * and the whole generation is never in memory twice (the backend keeps what it indexes). Each
 * batch's rows go to `onRows` first (the texts stored aside for results). The next batch is read
 * while the caller indexes this one: the store (PGlite's thread, or the server) works while the
 * event loop builds.
 */
export async function* generationPages(
  store: Store,
  generation: Generation,
  onRows?: (rows: readonly PageRow[]) => Promise<void>,
): AsyncGenerator<readonly KeywordPage[]> {
  const run = { ...generation.key, runId: generation.runId };
  let limit = FIRST_BATCH;
  let next = readPageBatch(store, run, '', limit);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    if (!last) return;
    const more = rows.length >= limit;
    if (more) {
      let chars = 0;
      for (const row of rows) chars += row.body.length;
      // Sized by the last batch's text: a site of 1 MB pages does not read 2 GB in one statement.
      const perPage = Math.max(1, chars / rows.length);
      limit = Math.max(MIN_BATCH, Math.min(PAGE_BATCH, Math.floor(BATCH_CHARS / perPage)));
      next = readPageBatch(store, run, last.url_key, limit);
      // Awaited on the next turn; a caller that stops first (a failed build) leaves it unread.
      next.catch(() => {});
    }
    await onRows?.(rows);
    yield rows.map((row) => keywordPage(row, generation.mappings));
    if (!more) return;
  }
}
