import type { InspectedPublication } from '@siteseer/core';
import type { KeywordRuntime } from '../../keyword/runtime/index.ts';
import type { Crawler } from '../../repositories/crawler/crawlers.ts';
import { findHeldDuplicate, findHeldPage } from '../../repositories/crawler/published-pages.ts';
import type { Store } from '../../store/types.ts';
import type { Reading } from './outcome-reading.ts';
import { titlePosition } from './title-position.ts';

/** What the published crawl says of an inspected URL. */
export interface PublishedReading {
  /** The page as search holds it, with its position for its own title; null when not held. */
  page: InspectedPublication | null;
  /** Another page of the published crawl with the same content, when this one is not held. */
  duplicateOf: string | null;
  /** A sentence when the page would be left out as a duplicate. */
  reasons: string[];
}

/**
 * The page in the engine's published crawl under the URL, or under the URL the crawler would save
 * it as (its canonical URL, where it redirects); where search ranks it for its own title; and, when
 * the published crawl holds the fetched content under another URL only, that URL (the crawler
 * would record this one Duplicated).
 */
export async function publicationOf(
  store: Store,
  keyword: KeywordRuntime,
  crawler: Crawler,
  reading: Reading,
): Promise<PublishedReading> {
  if (crawler.publishedRunId === null) return { page: null, duplicateOf: null, reasons: [] };
  const run = { accountId: crawler.accountId, engineId: crawler.engineId, runId: crawler.publishedRunId };
  const held = await findHeldPage(store, run, [reading.urlKey, reading.identityKey]);
  const hash = reading.fields.contentHash;
  const duplicate =
    hash === null || held?.contentHash === hash
      ? undefined
      : await findHeldDuplicate(store, run, hash, reading.identityKey);
  const reasons = duplicate
    ? [
        `Its content is the same as ${duplicate.url}'s, already in the published crawl: the crawler keeps one page of each content, so it records this one Duplicated.`,
      ]
    : [];
  const duplicateOf = duplicate?.url ?? null;
  if (!held) return { page: null, duplicateOf, reasons };
  const position = await titlePosition(store, keyword, crawler, held.urlKey, held.title);
  return {
    page: { url: held.url, since: held.fetchedAt.toISOString(), query: held.title, position },
    duplicateOf,
    reasons,
  };
}
