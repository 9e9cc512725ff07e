/**
 * A keyword engine driven over HTTP as the portal and a customer's site drive it: created and
 * crawled through the portal API as the owner, searched through the public search API.
 */
import type { Agent } from 'node:http';
import { json, request } from './http-client.ts';
import type { EngineRef } from './keyword-store.ts';
import type { ServerProcess } from './server-process.ts';
import { signIn } from './session.ts';

/** The part of the crawl report the bench reads. */
export interface CrawlReport {
  hits: { total: { value: number } };
  counts: Record<string, number>;
  state?: string;
}

export interface KeywordEngine extends EngineRef {
  clientId: string;
  /** `POST /api/{path}` as the owner. */
  call<T>(path: string, body: unknown): Promise<T>;
}

/**
 * A new keyword engine crawling `url` with page-load delay none and hash fragments removed (a
 * documentation site links to its sections by fragment: one page, many anchors).
 */
export async function createKeywordEngine(
  server: ServerProcess,
  name: string,
  url: string,
  options: CrawlOptions = {},
): Promise<KeywordEngine> {
  const headers = { authorization: `Bearer ${await signIn(server.base, server.owner)}` };
  const call = <T>(path: string, body: unknown) =>
    json<T>(`${server.base}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const accounts = await json<{ id: string }[]>(`${server.base}/api/accounts`, { headers });
  const accountId = accounts[0]?.id;
  if (!accountId) throw new Error('The owner has no account');
  const created = await call<{ documentId: string; clientId: string }>('searchengines', {
    ...crawlSettings(url, options),
    searchEngineType: 'kw',
    accountId,
    searchEngineName: name,
  });
  return { accountId, engineId: created.documentId, clientId: created.clientId, call };
}

/** Crawler settings a bench may set besides the start URL: the document types read (default PDF). */
export interface CrawlOptions {
  documentTypes?: readonly ('pdf' | 'docx' | 'pptx' | 'xlsx' | 'odt')[];
}

function crawlSettings(url: string, options: CrawlOptions) {
  return { urls: [url], pageLoadDelay: '0ms', removeHashFragments: true, ...options };
}

/**
 * Starts the engine's crawl of `url` afresh (`POST datasource/crawler`, recreate). The call
 * replaces the crawler's settings: `options` as the engine was created with, or the defaults.
 */
export async function startCrawl(
  engine: KeywordEngine,
  url: string,
  options: CrawlOptions = {},
): Promise<void> {
  const { accountId, engineId } = engine;
  await engine.call('datasource/crawler', {
    ...crawlSettings(url, options),
    accountId,
    engineId,
    recreate: true,
  });
}

export function crawlReport(engine: KeywordEngine): Promise<CrawlReport> {
  const { accountId, engineId } = engine;
  return engine.call<CrawlReport>('datasource/crawler/report', { accountId, engineId, resultSize: 1 });
}

/** What the bench reads of a keyword search's answer. */
export interface SearchAnswer {
  status: number;
  ms: number;
  /** The server's own time for the search (the answer's `took`); NaN on a non-200. */
  took: number;
  total: number;
  urls: string[];
}

/** `GET /search/{clientId}/keyword` for `q`, first page of `pageSize` results. Throws on a non-200. */
export async function keywordSearch(
  base: string,
  clientId: string,
  q: string,
  pageSize = 10,
  agent?: Agent,
): Promise<SearchAnswer> {
  const answer = await trySearch(base, clientId, q, pageSize, agent);
  if (answer.status !== 200) throw new Error(`Search for '${q}' answered ${answer.status}`);
  return answer;
}

/** `keywordSearch` that answers a non-200 instead of throwing (total 0, no URL). */
export async function trySearch(
  base: string,
  clientId: string,
  q: string,
  pageSize = 10,
  agent?: Agent,
): Promise<SearchAnswer> {
  const query = new URLSearchParams({ q, pageSize: String(pageSize) });
  const answer = await request(`${base}/search/${clientId}/keyword?${query}`, agent ? { agent } : {});
  if (answer.status !== 200)
    return { status: answer.status, ms: answer.ms, took: Number.NaN, total: 0, urls: [] };
  const result = JSON.parse(answer.text) as { total?: unknown; took?: unknown; hits?: { url?: unknown }[] };
  if (typeof result.total !== 'number' || typeof result.took !== 'number' || !Array.isArray(result.hits))
    throw new Error(`Not a keyword search result: ${answer.text.slice(0, 300)}`);
  return {
    status: 200,
    ms: answer.ms,
    took: result.took,
    total: result.total,
    urls: result.hits.map((hit) => String(hit.url)),
  };
}
