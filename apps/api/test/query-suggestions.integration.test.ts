import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, type CrawledEngine, crawledEngine, SHOP_PAGES, search, until } from './keyword-fixture.ts';

// GET search/{clientId}/suggest over a crawled site: the queries other visitors searched come
// first (kind 'query'), then page titles (kind 'page'). A query is suggested only once enough
// distinct visitors (3 unless the engine says otherwise) searched it and found something; never
// one that found nothing, never a CLI search, never one holding a blocked term.

let t: Tenants;
let engine: CrawledEngine;

beforeAll(async () => {
  // Popular queries are read again at every suggestion, so a recorded search shows at once; the
  // polling below asks more often than a visitor may.
  t = await startWithTenants({
    ...CRAWLING,
    env: {
      ...CRAWLING.env,
      SITESEER_SUGGESTIONS_REFRESH_SECONDS: '0',
      SITESEER_SEARCH_RATE_LIMIT: '100000',
      SITESEER_SEARCH_IP_RATE_LIMIT: '100000',
    },
  });
  engine = await crawledEngine(t, 'Suggestion shop', SHOP_PAGES);
});
afterAll(async () => {
  await t?.server.close();
  await engine?.site.close();
});

/** Visitors so far: each new one gets a user agent of its own, so a visitor id of its own. */
let visitorsSoFar = 0;

/** Searches `q` as `visitors` new distinct visitors, and waits until they are stored. */
async function searchedBy(q: string, visitors: number, headers: Record<string, string> = {}) {
  for (let n = 0; n < visitors; n++) {
    const userAgent = `Visitor/${++visitorsSoFar}`;
    const answer = await search(t.server, engine.clientId, { q }, { 'user-agent': userAgent, ...headers });
    expect(answer.status).toBe(200);
  }
  await t.server.state.recorder.flush();
}

async function suggest(q: string) {
  const response = await fetch(
    `${t.server.base}/search/${engine.clientId}/suggest?${new URLSearchParams({ q })}`,
    {
      headers: { origin: 'https://shop.example' },
    },
  );
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

async function suggestedQueries(q: string): Promise<string[]> {
  const { body } = await suggest(q);
  return body.suggestions
    .filter((s: { kind: string }) => s.kind === 'query')
    .map((s: { query: string }) => s.query);
}

/** Polls until the suggestions for `q` hold `query` (popular queries are read again behind the answer). */
function untilSuggested(q: string, query: string) {
  return until(`"${query}" to be suggested for "${q}"`, async () =>
    (await suggestedQueries(q)).includes(query) ? true : undefined,
  );
}

/** Asks a few times: what a read behind the answer brings would show by the last. */
async function settledQueries(q: string): Promise<string[]> {
  for (let n = 0; n < 3; n++) await suggestedQueries(q);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return suggestedQueries(q);
}

async function setSuggestionSettings(body: Record<string, unknown>, token = t.ownerA.token) {
  return api(t.server, token, 'PUT', `searchengines/${engine.engineId}/suggestions`, {
    accountId: t.accountA,
    ...body,
  });
}

describe('query suggestions', () => {
  it('given a query searched by 2 visitors, then it is not suggested; by a 3rd, then it is, before the page titles', async () => {
    await searchedBy('resistor guide', 2);
    expect(await settledQueries('resis')).not.toContain('resistor guide');

    await searchedBy('resistor guide', 1);
    await untilSuggested('resis', 'resistor guide');
    const { status, body } = await suggest('resis');
    expect(status).toBe(200);
    expect(body.suggestions[0]).toEqual({ kind: 'query', query: 'resistor guide' });
    const pages = body.suggestions.filter((s: { kind: string }) => s.kind === 'page');
    expect(pages.map((p: { title: string }) => p.title)).toEqual(
      expect.arrayContaining(['Resistor 100 Ω', 'Choosing a resistor']),
    );
    expect(pages[0].url).toMatch(new RegExp(`^${engine.site.origin}/`));
  });

  it('given one visitor searching 3 times, then that is one visitor: not suggested', async () => {
    for (let n = 0; n < 3; n++)
      await search(t.server, engine.clientId, { q: 'ceramic capacitor' }, { 'user-agent': 'Same/1' });
    await t.server.state.recorder.flush();
    expect(await settledQueries('ceram')).not.toContain('ceramic capacitor');
  });

  it('given a query that found nothing searched by 5 visitors, then it is never suggested', async () => {
    await searchedBy('resistance welding', 5);
    expect((await search(t.server, engine.clientId, { q: 'resistance welding' })).body.total).toBe(0);
    expect(await settledQueries('resis')).not.toContain('resistance welding');
  });

  it('given CLI searches, then they never count as visitors', async () => {
    await searchedBy('soldering iron', 4, { 'x-siteseer-source': 'cli' });
    expect(await settledQueries('solder')).not.toContain('soldering iron');
  });

  it('given the word a visitor typed in the middle of a query, then the query is suggested too; an empty box gets the most searched', async () => {
    await searchedBy('resistor guide', 2);
    await searchedBy('choosing a resistor', 3);
    await untilSuggested('guid', 'resistor guide');
    await untilSuggested('resistor', 'choosing a resistor');
    expect(await suggestedQueries('resistor ch')).toEqual(['choosing a resistor']);
    const empty = await suggest('');
    expect(empty.body.suggestions).toEqual([
      { kind: 'query', query: 'resistor guide' },
      { kind: 'query', query: 'choosing a resistor' },
    ]);
  });

  it('given a blocked term, then no query or page title holding it as a word is suggested, at once; unblocked, then they come back', async () => {
    await untilSuggested('resis', 'resistor guide');
    const blocked = await setSuggestionSettings({ blockedTerms: ['  GUIDE ', 'choosing'] });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ minVisitors: 3, blockedTerms: ['guide', 'choosing'] });

    const { body } = await suggest('resis');
    const texts = body.suggestions.map((s: { query?: string; title?: string }) => s.query ?? s.title);
    expect(texts).not.toContain('resistor guide');
    expect(texts).not.toContain('Choosing a resistor');
    expect(texts).not.toContain('choosing a resistor');
    expect(texts).toContain('Resistor 100 Ω');

    // A word, not a part of one: "guid" blocks nothing.
    expect((await setSuggestionSettings({ blockedTerms: ['guid'] })).status).toBe(200);
    expect(await suggestedQueries('resis')).toContain('resistor guide');
    const read = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engine.engineId}/suggestions?accountId=${t.accountA}`,
    );
    expect(read.body).toEqual({ minVisitors: 3, blockedTerms: ['guid'] });
    // The wizard loads the engine: it sees the same list.
    const saved = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engine.engineId}?accountId=${t.accountA}`,
    );
    expect(saved.body.suggestions).toEqual({ minVisitors: 3, blockedTerms: ['guid'] });
    expect((await setSuggestionSettings({ blockedTerms: [] })).status).toBe(200);
  });

  it('given a higher visitor minimum, then a query below it goes; a lower one, then a query above it comes', async () => {
    await untilSuggested('resis', 'resistor guide');
    expect((await setSuggestionSettings({ minVisitors: 6 })).status).toBe(200);
    expect(await suggestedQueries('resis')).toEqual([]);
    expect((await setSuggestionSettings({ minVisitors: 2 })).status).toBe(200);
    expect(await suggestedQueries('ceram')).toEqual([]);
    expect((await setSuggestionSettings({ minVisitors: 1 })).status).toBe(200);
    expect(await suggestedQueries('ceram')).toEqual(['ceramic capacitor']);
    expect((await setSuggestionSettings({ minVisitors: 3 })).status).toBe(200);
  });

  it('given settings out of bounds, then 400 with a problem; another account, then 404 and nothing changes', async () => {
    const tooMany = await setSuggestionSettings({ minVisitors: 21 });
    expect(tooMany.status).toBe(400);
    const other = await setSuggestionSettings({ blockedTerms: ['resistor'] }, t.ownerB.token);
    expect(other.status).toBe(404);
    expect(await suggestedQueries('resis')).toContain('resistor guide');
  });

  it('given a visitor site, then the answer has CORS and the schema a widget reads', async () => {
    const { headers, body } = await suggest('resis');
    expect(headers.get('access-control-allow-origin')).toBeTruthy();
    for (const s of body.suggestions) {
      expect(Object.keys(s).sort()).toEqual(
        s.kind === 'query' ? ['kind', 'query'] : ['kind', 'title', 'url'],
      );
    }
  });
});
