import { createHash } from 'node:crypto';
import {
  ALL_TAB,
  createUrlRewriter,
  type KeywordHit,
  type KeywordSearchConfig,
  type KeywordSearchQuery,
  type KeywordSearchResult,
  type KeywordTab,
  type PageSuggestion,
  SUGGESTIONS_MAX,
} from '@siteseer/core';
import { InputError, ServiceUnavailableError } from '../../errors.ts';
import type { PageText } from '../../repositories/keyword/pages.ts';
import { type BlockList, suggestionWords } from '../../serving/suggestions/index.ts';
import type {
  BackendHit,
  BackendQuery,
  BackendResult,
  GenerationKey,
  IndexedPageRef,
  QueryCorrection,
  QuerySlot,
  TabSpec,
} from '../backend.ts';
import type { ShownPage, ShowRequest } from '../page-texts/index.ts';
import { decodePageTexts } from '../page-texts/index.ts';
import {
  boostRulesOf,
  correctedText,
  hiddenUrls,
  parseKeywordQuery,
  parseSpannedQuery,
  pinnedUrls,
  tabsOf,
} from '../query/index.ts';
import { inTab } from './in-tab.ts';
import type { KeywordRuntime } from './keyword-runtime.ts';
import { type LiveKeyword, readLiveKeyword } from './live-keyword.ts';

export function keywordConfig(live: LiveKeyword): KeywordSearchConfig {
  return {
    clientId: live.client.id,
    type: 'kw',
    engineName: live.engineName,
    tabs: tabsOf(live.settings).tabs,
  };
}

/** Rewriters by live client: the rules' RegExps compiled once per read of the client. */
const rewriters = new WeakMap<LiveKeyword, (url: string) => string>();

function rewriterOf(live: LiveKeyword): (url: string) => string {
  let rewrite = rewriters.get(live);
  if (!rewrite) {
    rewrite = createUrlRewriter(live.settings.urlRewriteRules);
    rewriters.set(live, rewrite);
  }
  return rewrite;
}

/**
 * Answers by what they depend on: the generation, the client's settings, the synonyms and the
 * query. Visitors repeat queries (and every keystroke of one is a query), so most searches of a
 * busy site are answered from here in microseconds; a publish or a settings change makes new keys.
 * An answer is kept as the bytes it is sent as (`KeywordAnswer.json`), weighed by their length:
 * bytes outside V8's heap cost its collector nothing however many are kept, and a repeated query
 * is neither serialised nor encoded again. ~3-4 KB an answer of ten results: ~9,000 answers.
 */
const ANSWER_BYTES_MAX = 32 * 1024 * 1024;

/** UTF-8 into an array of its own: `Buffer.from` would hold a small answer in a shared 8 KB slab. */
const utf8 = new TextEncoder();

/**
 * An answer as it is sent but for its `took` and `searchId`: the UTF-8 JSON of its other fields,
 * without the closing brace (`answerBody` adds the two). `total` and `page` are for recording, and
 * `live` is the live client it ran on (a newer one than asked when a publish overtook it).
 */
export interface KeywordAnswer {
  total: number;
  page: number;
  took: number;
  live: LiveKeyword;
  json: Uint8Array;
}

type Answer = Omit<KeywordAnswer, 'took'>;

type Shown = Omit<KeywordSearchResult, 'searchId' | 'took'> & { live: LiveKeyword };

function encoded({ live, ...fields }: Shown): Answer {
  const json = JSON.stringify(fields);
  return { total: fields.total, page: fields.page, live, json: utf8.encode(json.slice(0, -1)) };
}

/** The answer's body as the public call sends it (`KeywordSearchResult`), with its search id. */
export function answerBody(answer: KeywordAnswer, searchId: string): Buffer {
  const tail = `,"took":${answer.took},"searchId":${JSON.stringify(searchId)}}`;
  return Buffer.concat([answer.json, Buffer.from(tail)]);
}

/** What a live client's answers depend on besides the query, once per read of the client. */
const stamps = new WeakMap<LiveKeyword, string>();

function answerKey(live: LiveKeyword, query: KeywordSearchQuery): string {
  let stamp = stamps.get(live);
  if (stamp === undefined) {
    const { key } = live.generation;
    stamp = createHash('sha1')
      .update(JSON.stringify([key.engineId, key.generation, live.settings, live.synonyms]))
      .digest('base64');
    stamps.set(live, stamp);
  }
  const { q, tab, page, pageSize, descriptionSize, rewrite, autoCorrect } = query;
  return `${live.generation.key.engineId}:${stamp}:${JSON.stringify([q, tab, page, pageSize, descriptionSize, rewrite, autoCorrect])}`;
}

/** Attempts at finding a generation searchable while publishes overtake it. */
const ATTEMPTS = 3;

/**
 * Runs `search` on the engine's indexed generation, made first if need be, or, while it is being
 * made, on the generation made before it (see GenerationRegistry.serving). A publish may overtake
 * the generation read (it is replaced, or a newer run is indexed already): the client is read
 * again and the search runs on what is live then.
 */
export async function onGeneration<T>(
  runtime: KeywordRuntime,
  first: LiveKeyword,
  search: (live: LiveKeyword, key: GenerationKey) => Promise<T>,
): Promise<T> {
  let live = first;
  for (let attempt = 1; ; attempt++) {
    // The generation read, or the one made before it while it is being made (with its mappings).
    const generation = await runtime.registry.serving(live.generation);
    if (generation) {
      try {
        return await search(generation === live.generation ? live : { ...live, generation }, generation.key);
      } catch (error) {
        // Dropped between being made and searched (a newer publish, or the memory budget).
        if (runtime.registry.backend.has(generation.key) || attempt >= ATTEMPTS) throw error;
      }
    }
    if (attempt >= ATTEMPTS)
      throw new ServiceUnavailableError('The search engine is being updated: try again in a moment.');
    live = await readLiveKeyword(runtime, live.client.id);
  }
}

/** The chosen tab's index among the specs (null: 'all'); an unknown tab is the caller's mistake. */
function chosenTab(tabs: readonly KeywordTab[], name: string): number | null {
  if (name === ALL_TAB) return null;
  const index = tabs.findIndex((tab) => tab.name === name);
  if (index < 1) {
    throw new InputError(
      `Unknown tab '${name}': this search engine's tabs are ${tabs.map((tab) => `'${tab.name}'`).join(', ')}.`,
      { field: 'tab' },
    );
  }
  return index - 1;
}

/** What a page of a live client's results is ranked from (see rankingRequest). */
export interface RankingRequest {
  /** The engine's tabs, as its answers list them. */
  tabs: readonly KeywordTab[];
  request: { slots: readonly QuerySlot[]; normalised: string; specs: readonly TabSpec[]; tab: number | null };
  page: { offset: number; limit: number };
  /** Where each slot was typed in the query: what a correction replaces. */
  spans: readonly (readonly [number, number])[];
}

/**
 * What a search and an explain of `first` both rank: the engine's tabs and the one chosen, the
 * query as the index reads it (the generation's character mappings, the engine's synonyms) and
 * the window of the page asked for.
 */
export function rankingRequest(
  first: LiveKeyword,
  query: Pick<KeywordSearchQuery, 'q' | 'tab' | 'page' | 'pageSize'>,
): RankingRequest {
  const { tabs, specs } = tabsOf(first.settings);
  const tab = chosenTab(tabs, query.tab);
  const { slots, normalised, spans } = parseSpannedQuery(query.q, {
    mappings: first.generation.mappings,
    synonyms: first.synonyms,
  });
  return {
    tabs,
    request: { slots, normalised, specs, tab },
    page: { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    spans,
  };
}

export interface Ranked<H extends BackendHit = BackendHit> {
  /** Results in the chosen tab, pinned ones included. */
  total: number;
  counts: number[];
  pinned: IndexedPageRef[];
  hits: readonly H[];
  /** The backend's correction of the query, when its words found few pages. */
  correction?: QueryCorrection | undefined;
}

/** What ranks a query's pages on a generation: the backend's search, or its explain. */
export type Ranker<R extends BackendResult> = (key: GenerationKey, query: BackendQuery) => Promise<R>;

/**
 * The page of results: the pinned pages of the chosen tab first (in the ranking's order, on page 1
 * and onwards if they fill it), then the ranked pages; the pinned pages are left out of the ranking
 * and added to every count of a tab they belong to. The hidden pages are left out of the ranking
 * and of every count. `ranker` ranks the others: the backend's search,
 * or its explain.
 */
export async function rank<R extends BackendResult>(
  runtime: KeywordRuntime,
  live: LiveKeyword,
  key: GenerationKey,
  request: { slots: readonly QuerySlot[]; normalised: string; specs: readonly TabSpec[]; tab: number | null },
  page: { offset: number; limit: number },
  ranker: Ranker<R>,
): Promise<Ranked<R['hits'][number]>> {
  const { backend } = runtime.registry;
  const urls = pinnedUrls(live.settings, request.normalised, live.generation.mappings);
  const hidden = hiddenUrls(live.settings, request.normalised, live.generation.mappings);
  const hiddenKeys = new Set(
    hidden.length > 0 ? (await backend.lookup(key, hidden)).map((ref) => ref.key) : [],
  );
  // A hidden page is never shown, even pinned under another of its URLs (its key is the same).
  const found = urls.length > 0 ? await backend.lookup(key, urls) : [];
  const pins = [...new Map(found.map((ref) => [ref.key, ref])).values()].filter(
    (ref) => !hiddenKeys.has(ref.key),
  );
  const tabPins =
    request.tab === null ? pins : pins.filter((ref) => inTab(ref, request.specs[request.tab ?? 0]));
  const pinned = tabPins.slice(page.offset, page.offset + page.limit);
  const result = await ranker(key, {
    slots: request.slots,
    tabs: request.specs,
    tab: request.tab,
    boosts: boostRulesOf(live.settings),
    exclude: [...pins.map((ref) => ref.key), ...hiddenKeys],
    offset: Math.max(0, page.offset - tabPins.length),
    limit: page.limit - pinned.length,
  });
  const counts = [
    result.allTotal + pins.length,
    ...request.specs.map(
      (spec, n) => (result.tabCounts[n] ?? 0) + pins.filter((ref) => inTab(ref, spec)).length,
    ),
  ];
  return {
    total: result.total + tabPins.length,
    counts,
    pinned,
    hits: result.hits,
    correction: result.correction,
  };
}

/**
 * The texts of these pages of the generation: their records' places in its file, leased until
 * `release` (see PageTextFile.lease), else the store's (`storedTexts`).
 */
async function pageTexts(
  runtime: KeywordRuntime,
  live: LiveKeyword,
  pages: readonly { key: string; title: string }[],
): Promise<{ pages: ShowRequest['pages']; release: () => void }> {
  const leased = runtime.registry.texts(live.generation)?.lease(pages.map((page) => page.key));
  if (leased)
    return { pages: { kind: 'file', fd: leased.fd, places: leased.places }, release: leased.release };
  return { pages: { kind: 'texts', texts: await storedTexts(runtime, live, pages) }, release: () => {} };
}

/**
 * The texts of these pages as the store has them, for when the generation's file does not hold
 * them (not yet written, just after the generation was indexed, or the file failed: a full disk):
 * a page that is gone is shown by its indexed title alone.
 */
async function storedTexts(
  runtime: KeywordRuntime,
  live: LiveKeyword,
  pages: readonly { key: string; title: string }[],
): Promise<PageText[]> {
  const texts = await runtime.texts.read(
    runtime.store,
    live.generation,
    pages.map((page) => page.key),
  );
  return pages.map(
    ({ key, title }) => texts.get(key) ?? { title, body: '', description: '', language: '', type: 'html' },
  );
}

/** A result's display: the original title (the index holds mapped text) and the snippet. */
async function shownHits(
  runtime: KeywordRuntime,
  live: LiveKeyword,
  ranked: Ranked,
  query: KeywordSearchQuery & { slots: readonly QuerySlot[] },
  offset: number,
): Promise<KeywordHit[]> {
  const entries = [
    // A pinned page may not match the query: the query's own words are marked in it.
    ...ranked.pinned.map((ref) => ({
      key: ref.key,
      url: ref.url,
      title: ref.title,
      terms: null,
      pinned: true,
    })),
    ...ranked.hits.map((hit) => ({
      key: hit.key,
      url: hit.url,
      title: hit.title,
      terms: hit.terms,
      pinned: false,
    })),
  ];
  const { pages, release } = await pageTexts(runtime, live, entries);
  const request: ShowRequest = {
    pages,
    terms: entries.map((entry) => entry.terms),
    slots: query.slots,
    mappings: live.generation.mappings,
    size: query.descriptionSize,
  };
  // Alone, a search builds its snippets in line (a thread hop costs more than it saves); with
  // others to answer (in flight, or queued behind a busy loop), on the worker, so the event loop
  // goes on with them.
  let shown: ShownPage[];
  try {
    shown = await runtime.snippets.build(request, runtime.searching > 1 || runtime.loop.busy());
  } finally {
    release();
  }
  const rewrite = query.rewrite ? rewriterOf(live) : (url: string) => url;
  return entries.map((entry, n) => ({
    url: rewrite(entry.url),
    title: shown[n]?.title ?? entry.title,
    snippet: shown[n]?.snippet ?? '',
    pinned: entry.pinned,
    position: offset + n + 1,
    type: shown[n]?.type ?? 'html',
  }));
}

/**
 * A keyword search of a live client, without its search id (recorded by the caller, then sent with
 * `answerBody`).
 */
export async function searchKeyword(
  runtime: KeywordRuntime,
  known: LiveKeyword,
  query: KeywordSearchQuery,
): Promise<KeywordAnswer> {
  const started = performance.now();
  // Known from before a crawl was published whose index is made now: read again, not answered
  // from the answers kept for it (see KEPT_WHILE_READ).
  const first = runtime.registry.hasNewerRun(known.generation)
    ? await readLiveKeyword(runtime, known.client.id)
    : known;
  const answers = runtime.caches.cache<Answer>(
    'keyword-answers',
    ANSWER_BYTES_MAX,
    (answer) => answer.json.length,
  );
  const key = answerKey(first, query);
  let answer = answers.get(key);
  if (!answer) {
    runtime.searching++;
    try {
      answer = encoded(await rankedAnswer(runtime, first, query));
    } finally {
      runtime.searching--;
    }
    // Answered from the generation made before `first`'s (being made): not its answer to keep.
    if (answer.live.generation === first.generation) answers.set(key, answer);
  }
  return { ...answer, took: Math.round((performance.now() - started) * 10) / 10 };
}

async function rankedAnswer(
  runtime: KeywordRuntime,
  first: LiveKeyword,
  query: KeywordSearchQuery,
): Promise<Shown> {
  const asked = rankingRequest(first, query);
  const base = { page: query.page, pageSize: query.pageSize };
  if (asked.request.slots.length === 0) {
    // Nothing typed: no results, but the tabs to show.
    return { ...base, total: 0, tabs: asked.tabs.map((t) => ({ ...t, count: 0 })), hits: [], live: first };
  }
  return onGeneration(runtime, first, async (live, key) => {
    const ranked = await rank(runtime, live, key, asked.request, asked.page, (at, backendQuery) =>
      runtime.registry.backend.search(at, backendQuery),
    );
    const hits = await shownHits(
      runtime,
      live,
      ranked,
      { ...query, slots: asked.request.slots },
      asked.page.offset,
    );
    const shown = {
      ...base,
      total: ranked.total,
      tabs: asked.tabs.map((t, n) => ({ ...t, count: ranked.counts[n] ?? 0 })),
      hits,
      live,
    };
    return ranked.correction
      ? corrected(runtime, first, query, shown, asked.spans, ranked.correction)
      : shown;
  });
}

/**
 * The answer with its correction: offered (`didYouMean`), or, when the words typed found nothing
 * and the query lets it (`autoCorrect`), answered instead: the correction's results, saying what
 * was typed (`correctedFrom`).
 */
async function corrected(
  runtime: KeywordRuntime,
  first: LiveKeyword,
  query: KeywordSearchQuery,
  shown: Shown,
  spans: RankingRequest['spans'],
  correction: QueryCorrection,
): Promise<Shown> {
  const didYouMean = correctedText(query.q, spans, correction.words);
  if (!query.autoCorrect || correction.found > 0) return { ...shown, didYouMean };
  const answer = await rankedAnswer(runtime, first, { ...query, q: didYouMean, autoCorrect: false });
  return { ...answer, didYouMean, correctedFrom: query.q };
}

/** The texts of suggested pages, read here: only their titles are shown. */
async function suggestedTexts(
  runtime: KeywordRuntime,
  live: LiveKeyword,
  refs: readonly { key: string; title: string }[],
): Promise<readonly PageText[]> {
  const records = runtime.registry.texts(live.generation)?.records(refs.map((ref) => ref.key));
  return records ? decodePageTexts(records.bytes, records.ends) : storedTexts(runtime, live, refs);
}

/**
 * Titles of pages for what is being typed (every word, the last as a prefix), best first, at most
 * `limit`; those holding a term of the engine's block list are left out, and so are the pages the
 * result ranking hides for exactly what is typed (a page hidden for "pricing" is not offered as
 * its title under "pricing" either; a curation is of a query, so "pric" still offers it).
 */
export async function suggestPages(
  runtime: KeywordRuntime,
  first: LiveKeyword,
  q: string,
  limit: number,
  blockList: BlockList,
): Promise<PageSuggestion[]> {
  // What was typed, mapped and split as the index reads it; synonyms would only widen the list.
  const { slots, normalised } = parseKeywordQuery(q, {
    mappings: first.generation.mappings,
    synonyms: [],
  });
  const words = slots.flatMap((slot) => slot.alternatives[0]?.words ?? []);
  if (words.length === 0 || limit === 0) return [];
  return onGeneration(runtime, first, async (live, key) => {
    const { backend } = runtime.registry;
    const hidden = hiddenUrls(live.settings, normalised, live.generation.mappings);
    const hiddenKeys = new Set(
      hidden.length > 0 ? (await backend.lookup(key, hidden)).map((ref) => ref.key) : [],
    );
    // Blocked and hidden titles are dropped after the look-up: more are asked for to fill their places.
    const asked = blockList.empty && hiddenKeys.size === 0 ? limit : SUGGESTIONS_MAX + hiddenKeys.size;
    const refs = (await backend.suggest(key, words, asked))
      .slice(0, asked)
      .filter((ref) => !hiddenKeys.has(ref.key));
    const texts = await suggestedTexts(runtime, live, refs);
    const rewrite = rewriterOf(live);
    return refs
      .map(
        (ref, n): PageSuggestion => ({
          kind: 'page',
          title: texts[n]?.title ?? ref.title,
          url: rewrite(ref.url),
        }),
      )
      .filter((page) => !blockList.blocks(suggestionWords(page.title)))
      .slice(0, limit);
  });
}

/**
 * The correction the engine offers now for each of `queries` that has one (the analytics' list of
 * searches with no results): what the public search would say as `didYouMean`, from the live
 * generation, without building results.
 */
export async function keywordCorrections(
  runtime: KeywordRuntime,
  first: LiveKeyword,
  queries: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const q of queries) {
    const asked = rankingRequest(first, { q, tab: ALL_TAB, page: 1, pageSize: 1 });
    if (asked.request.slots.length === 0) continue;
    const correction = await onGeneration(runtime, first, async (live, key) => {
      const ranked = await rank(runtime, live, key, asked.request, asked.page, (at, backendQuery) =>
        runtime.registry.backend.search(at, backendQuery),
      );
      return ranked.correction;
    });
    if (correction) found.set(q, correctedText(q, asked.spans, correction.words));
  }
  return found;
}
