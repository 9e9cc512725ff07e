import type { KeywordSearchConfig, KeywordSearchResult, SearchClick } from '@siteseer/core';
import type { FetchLike } from '../api/search-api.ts';
import { API_BASE, CLIENT_ID } from './fixtures.ts';
import type { FixturePage } from './keyword-fixtures.ts';

/*
 * A stand-in for the keyword search runtime: answers config, keyword, suggest and click with the
 * server's semantics in miniature (every word must match, tabs by URL section with counts, the
 * pinned page first, HTML-escaped snippets with <mark>), and records every request.
 */

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The service's longest query (core's KEYWORD_QUERY_MAX): a longer one is refused with 400. */
const QUERY_MAX = 500;

const PINS: Readonly<Record<string, string>> = { pricing: 'https://site.example.test/pricing' };

function words(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

function matches(page: FixturePage, q: string): boolean {
  const text = `${page.title} ${page.body}`.toLowerCase();
  return words(q).every((word) => text.includes(word));
}

function snippet(body: string, q: string, size: number): string {
  let html = escapeHtml(body.slice(0, size));
  for (const word of words(q)) {
    html = html.replace(new RegExp(`\\b(${word})`, 'gi'), '<mark>$1</mark>');
  }
  return html;
}

/**
 * The answer, with the engine's did-you-mean in miniature: a query of `corrections` that finds
 * nothing is answered with its correction (unless `autoCorrect=false`), and offers it otherwise.
 */
function answer(
  config: KeywordSearchConfig,
  pages: FixturePage[],
  params: URLSearchParams,
  corrections: Readonly<Record<string, string>> = {},
): KeywordSearchResult {
  const typed = params.get('q') ?? '';
  const didYouMean = corrections[typed];
  if (didYouMean === undefined) return typedAnswer(config, pages, params);
  const asTyped = typedAnswer(config, pages, params);
  if (asTyped.total > 0 || params.get('autoCorrect') === 'false') return { ...asTyped, didYouMean };
  const corrected = new URLSearchParams(params);
  corrected.set('q', didYouMean);
  return { ...typedAnswer(config, pages, corrected), didYouMean, correctedFrom: typed };
}

function typedAnswer(
  config: KeywordSearchConfig,
  pages: FixturePage[],
  params: URLSearchParams,
): KeywordSearchResult {
  const q = params.get('q') ?? '';
  const tab = params.get('tab') ?? 'all';
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 10);
  const size = Number(params.get('descriptionSize') ?? 500);
  const pinned = PINS[q.toLowerCase()];
  const found = pages
    .filter((candidate) => candidate.url === pinned || matches(candidate, q))
    .sort((a, b) => Number(b.url === pinned) - Number(a.url === pinned));
  const inTab = (name: string) => found.filter((p) => name === 'all' || p.url.includes(`/${name}/`));
  const hits = inTab(tab);
  const start = (page - 1) * pageSize;
  return {
    total: hits.length,
    page,
    pageSize,
    tabs: config.tabs.map(({ name, icon }) => ({ name, icon, count: inTab(name).length })),
    hits: hits.slice(start, start + pageSize).map((hit, index) => ({
      url: hit.url,
      title: hit.title,
      snippet: snippet(hit.body, q, size),
      pinned: hit.url === pinned,
      position: start + index + 1,
      type: hit.type ?? 'html',
    })),
    took: 2,
    searchId: `search-${q}-${tab}-${page}`,
  };
}

export interface FakeKeywordService {
  fetch: FetchLike;
  /** Query strings of the keyword calls, oldest first. */
  searches: URLSearchParams[];
  /** `q` of the suggest calls. */
  suggests: string[];
  /** Clicks that arrived, by beacon or by fetch. */
  clicks: SearchClick[];
  /** Stands in for navigator.sendBeacon: records a click, or refuses like a full queue. */
  beacon(url: string, data?: BodyInit | null): boolean;
  last(): URLSearchParams;
}

export interface FakeKeywordOptions {
  config: KeywordSearchConfig;
  pages: FixturePage[];
  /** Status of the keyword calls (e.g. 500 for an outage); 200 by default. */
  status?: number;
  /** Status of the suggest calls; 200 by default. */
  suggestStatus?: number;
  /** The engine's popular queries, most searched first (none by default). */
  popularQueries?: string[];
  /** Makes the beacon refuse, as a browser does when its queue is full. */
  refuseBeacons?: boolean;
  /** The engine's corrections, by query typed. */
  corrections?: Record<string, string>;
}

export function fakeKeywordService(options: FakeKeywordOptions): FakeKeywordService {
  const base = `${API_BASE}/search/${CLIENT_ID}`;
  const record = (url: string, body: string) => {
    if (url !== `${base}/click`) throw new Error(`click sent to ${url}`);
    service.clicks.push(JSON.parse(body) as SearchClick);
  };
  const service: FakeKeywordService = {
    searches: [],
    suggests: [],
    clicks: [],
    last() {
      const params = service.searches.at(-1);
      if (!params) throw new Error('no search was sent');
      return params;
    },
    beacon(url, data) {
      if (options.refuseBeacons) return false;
      if (typeof data !== 'string') throw new Error('the beacon must carry a string (text/plain)');
      record(url, data);
      return true;
    },
    fetch: async (input, init) => {
      if (init.credentials !== 'omit') throw new Error('the widget must not send credentials');
      const url = new URL(input);
      const path = url.href.slice(0, url.href.length - url.search.length);
      if (init.method === 'POST' && path === `${base}/click`) {
        if (!init.keepalive) throw new Error('a click sent by fetch must be keepalive');
        record(path, String(init.body));
        return new Response(null, { status: 204 });
      }
      if (init.method !== 'GET') return new Response('not found', { status: 404 });
      if (init.headers && 'content-type' in init.headers)
        throw new Error('a GET with content-type is preflighted');
      if (path === `${base}/config`) return Response.json(options.config);
      if (path === `${base}/keyword`) {
        service.searches.push(url.searchParams);
        if ((url.searchParams.get('q') ?? '').length > QUERY_MAX) return new Response('{}', { status: 400 });
        if (options.status && options.status !== 200) return new Response('{}', { status: options.status });
        if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        return Response.json(answer(options.config, options.pages, url.searchParams, options.corrections));
      }
      if (path === `${base}/suggest`) {
        const q = url.searchParams.get('q') ?? '';
        service.suggests.push(q);
        if (q.length > QUERY_MAX) return new Response('{}', { status: 400 });
        if (options.suggestStatus && options.suggestStatus !== 200) {
          return new Response('{}', { status: options.suggestStatus });
        }
        // Popular queries first, as the service sends them; an empty q gets only those.
        const queries = (options.popularQueries ?? [])
          .filter((query) => query.includes(q.toLowerCase()))
          .slice(0, q === '' ? 8 : 4)
          .map((query) => ({ kind: 'query', query }));
        const pages =
          q === ''
            ? []
            : options.pages
                .filter((page) => page.title.toLowerCase().includes(q.toLowerCase()))
                .map(({ title, url: pageUrl }) => ({ kind: 'page', title, url: pageUrl }));
        return Response.json({ suggestions: [...queries, ...pages].slice(0, 8) });
      }
      return new Response('not found', { status: 404 });
    },
  };
  return service;
}
