import { load } from 'cheerio/slim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_1,
  DAY_2,
  type FixtureClient,
  KEYWORD_CLICKS,
  KEYWORD_SEARCHES,
  PARAMETRIC_SEARCHES,
  recordFixture,
} from '../src/analytics/search-fixture.test-kit.ts';
import {
  type Actor,
  createEngine,
  keywordDraft,
  startWithTenants,
  type Tenants,
  withApiKey,
} from './actors.ts';
import { api } from './harness.ts';

// The analytics calls and frames over HTTP, with the fixture's searches recorded for an engine of
// account A: the figures, and who gets them (account A's people and the super admin; not account
// B's owner, not a frame URL without the frame-session cookie).

let t: Tenants;
let kw: FixtureClient;
let pm: FixtureClient;
let kwB: FixtureClient;
const BOTH = `from=${DAY_1}&to=${DAY_2}`;
const MISSING = '00000000-0000-4000-8000-000000000000';

async function engine(
  who: Actor,
  accountId: string,
  type: 'kw' | 'pm',
  name: string,
): Promise<FixtureClient> {
  const draft =
    type === 'kw'
      ? keywordDraft(accountId, name)
      : { searchEngineType: 'pm', accountId, searchEngineName: name };
  const created = await createEngine(t.server, who, draft);
  return { accountId, engineId: created.documentId, clientId: created.clientId };
}

beforeAll(async () => {
  t = await startWithTenants();
  kw = await engine(t.ownerA, t.accountA, 'kw', 'Shop search');
  pm = await engine(t.ownerA, t.accountA, 'pm', 'Product finder');
  kwB = await engine(t.ownerB, t.accountB, 'kw', 'Search of B');
  const recorder = t.server.state.recorder;
  await recordFixture(
    recorder,
    kw,
    'kw',
    [
      ...KEYWORD_SEARCHES,
      // Text a spreadsheet would run, and markup: both must come out inert.
      {
        at: `${DAY_1}T12:00:00Z`,
        query: '=HYPERLINK("http://x.test")',
        tab: 'all',
        results: 0,
        visitor: 'v5',
      },
      {
        at: `${DAY_1}T12:01:00Z`,
        query: '<img src=x onerror=alert(1)>',
        tab: 'all',
        results: 0,
        visitor: 'v5',
      },
    ],
    KEYWORD_CLICKS,
  );
  await recordFixture(recorder, pm, 'pm', PARAMETRIC_SEARCHES);
  await recordFixture(recorder, kwB, 'kw', KEYWORD_SEARCHES.slice(0, 2));
});
afterAll(async () => {
  await t?.server.close();
});

/** A frame-session cookie for `who` (POST analytics/session), as the browser would send it back. */
async function frameCookie(who: Actor): Promise<string> {
  const response = await api(t.server, who.token, 'POST', 'analytics/session');
  expect(response.status).toBe(200);
  const set = response.headers.get('set-cookie') ?? '';
  return set.split(';')[0] as string;
}

async function frame(path: string, cookie?: string) {
  const response = await fetch(`${t.server.base}/api/analytics/${path}`, {
    headers: cookie ? { cookie } : {},
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // TextDecoder drops a leading byte order mark; `bom` says whether there was one.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), bom };
}

describe('GET analytics/{engineId}', () => {
  it('given each engine kind, then its card and dashboard ids (tab use for keyword, filter use for parametric)', async () => {
    expect((await api(t.server, t.ownerA.token, 'GET', `analytics/${kw.engineId}`)).body).toEqual({
      cardIds: [
        'searches-over-time',
        'unique-visitors',
        'zero-result-rate',
        'click-through-rate',
        'average-click-position',
        'top-queries',
        'zero-result-queries',
        'top-clicked-results',
        'tab-use',
      ],
      dashboardIds: ['overview', 'content-gaps'],
    });
    expect((await api(t.server, t.userA.token, 'GET', `analytics/${pm.engineId}`)).body.cardIds).toEqual([
      'searches-over-time',
      'unique-visitors',
      'zero-result-rate',
      'click-through-rate',
      'average-click-position',
      'top-queries',
      'zero-result-queries',
      'top-clicked-results',
      'filter-use',
    ]);
  });

  it("given another account's engine, an unknown id or no token, then 404, 404 and 401", async () => {
    const statuses = [
      (await api(t.server, t.ownerB.token, 'GET', `analytics/${kw.engineId}`)).status,
      (await api(t.server, t.ownerB.token, 'GET', `analytics/${kw.engineId}/report?${BOTH}`)).status,
      (await api(t.server, t.ownerA.token, 'GET', `analytics/${MISSING}`)).status,
      (await api(t.server, t.ownerA.token, 'GET', 'analytics/not-an-id')).status,
      (await api(t.server, undefined, 'GET', `analytics/${kw.engineId}`)).status,
      (await api(t.server, t.superAdmin.token, 'GET', `analytics/${kwB.engineId}`)).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 401, 200]);
  });

  it("given the account's API key, then its engines' reports, and not another account's", async () => {
    const key = (await api(t.server, t.ownerB.token, 'GET', `account/${t.accountB}/newApiKey`)).body.key;
    expect(
      (await withApiKey(t.server, key, 'GET', `analytics/${kwB.engineId}/report?${BOTH}`)).body.summary,
    ).toMatchObject({
      searches: 2,
    });
    expect((await withApiKey(t.server, key, 'GET', `analytics/${kw.engineId}`)).status).toBe(404);
  });
});

describe('GET analytics/{engineId}/report', () => {
  const report = async (query: string, who = t.ownerA) =>
    api(t.server, who.token, 'GET', `analytics/${kw.engineId}/report?${query}`);

  it('given both days, then the hand-counted summary, every day, and the empty period before', async () => {
    const { status, body } = await report(BOTH);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      report: 'summary',
      engineId: kw.engineId,
      clientId: kw.clientId,
      from: DAY_1,
      to: DAY_2,
    });
    // The fixture plus two searches with no results.
    expect(body.summary).toEqual({
      searches: 8,
      zeroResultSearches: 4,
      zeroResultRate: 0.5,
      visitors: 6,
      clicks: 4,
      clickedSearches: 3,
      clickThroughRate: 3 / 8,
      averageClickPosition: 7 / 4,
      averageLatencyMs: 2,
    });
    expect(body.previous.searches).toBe(0);
    expect(body.days.map((d: { day: string; searches: number }) => [d.day, d.searches])).toEqual([
      [DAY_1, 6],
      [DAY_2, 2],
    ]);
  });

  it('given the list reports, then queries and results in order, limited', async () => {
    expect(
      (await report(`${BOTH}&report=top-queries&limit=2`)).body.queries.map(
        (q: { query: string }) => q.query,
      ),
    ).toEqual(['red shoes', 'blue hat']);
    expect(
      (await report(`${BOTH}&report=zero-results`)).body.queries.map((q: { query: string }) => q.query),
    ).toEqual(['blue hat', '<img src=x onerror=alert(1)>', '=hyperlink("http://x.test")']);
    expect((await report(`${BOTH}&report=clicks`)).body.results).toEqual([
      { url: 'https://shop.test/p/red', clicks: 3, averageClickPosition: 4 / 3 },
      { url: 'https://shop.test/p/red-2', clicks: 1, averageClickPosition: 3 },
    ]);
  });

  it('given a bad period, then 400 naming the problem', async () => {
    const reversed = await report(`from=${DAY_2}&to=${DAY_1}`);
    expect([reversed.status, reversed.body.detail]).toEqual([
      400,
      `The start date (${DAY_2}) must not be after the end date (${DAY_1}).`,
    ]);
    expect((await report('from=2031-02-30')).status).toBe(400);
    expect((await report('report=everything')).status).toBe(400);
  });
});

describe('POST analytics/session', () => {
  it('given a signed-in user, then a short HttpOnly, SameSite=Strict cookie for the frames path only', async () => {
    const response = await api(t.server, t.userA.token, 'POST', 'analytics/session');
    expect(response.status).toBe(200);
    const expires = Date.parse(response.body.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^siteseer_analytics=[\w-]+\.[\w-]+; Path=\/api\/analytics\/; Max-Age=900; HttpOnly; SameSite=Strict$/,
    );
  });

  it('given no token or an API key, then no cookie', async () => {
    const none = await api(t.server, undefined, 'POST', 'analytics/session');
    const key = (await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key;
    const withKey = await withApiKey(t.server, key, 'POST', 'analytics/session');
    expect([none.status, none.headers.get('set-cookie'), withKey.status]).toEqual([401, null, 403]);
  });
});

describe('DELETE analytics/session', () => {
  it('given a signed-in user logging out, then the cookie is cleared at its path, and frames refuse the browser that drops it', async () => {
    const cookie = await frameCookie(t.ownerA);
    const path = `${kw.clientId}/card/top-queries?${BOTH}`;
    expect((await frame(path, cookie)).status).toBe(200);

    const ended = await api(t.server, t.ownerA.token, 'DELETE', 'analytics/session');
    expect([ended.status, ended.body]).toEqual([200, null]);
    // Same name, path and attributes, no value and no lifetime: a browser deletes the cookie.
    expect(ended.headers.get('set-cookie')).toBe(
      'siteseer_analytics=; Path=/api/analytics/; Max-Age=0; HttpOnly; SameSite=Strict',
    );
    const refused = await frame(path);
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain('red shoes');
  });

  it('given no token, then 401 and no cookie change', async () => {
    const none = await api(t.server, undefined, 'DELETE', 'analytics/session');
    expect([none.status, none.headers.get('set-cookie')]).toEqual([401, null]);
  });
});

describe('Analytics frames', () => {
  const card = (id: string, c = kw) => `${c.clientId}/card/${id}?${BOTH}`;

  it('given the cookie, then the card as HTML with its figures, no script, a strict policy and only same-origin framing', async () => {
    const page = await frame(card('zero-result-rate'), await frameCookie(t.userA));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<h1>Zero-result rate</h1>');
    expect(page.text).toContain('<span class="kpi-value">50.0%</span>');
    expect(page.text).not.toMatch(/<script/i);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'nonce-[^']+'/);
    expect(csp).toMatch(/img-src data:/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).not.toMatch(/script-src/);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Charts are server-drawn SVG pictures, light and dark.
    expect(page.text).toMatch(
      /<picture class="chart"><source media="\(prefers-color-scheme: dark\)" srcset="data:image\/svg\+xml;base64,/,
    );
  });

  it('given the portal’s dark scheme and period, then a dark frame in Roboto from its own origin, no chooser, no external URL', async () => {
    const cookie = await frameCookie(t.ownerA);
    const page = await frame(`${card('searches-over-time')}&scheme=dark&embedded=1`, cookie);
    expect(page.status).toBe(200);
    const $ = load(page.text);
    const style = $('style').text();
    expect($('meta[name="color-scheme"]').attr('content')).toBe('dark');
    expect(style).toContain(':root{color-scheme:dark;--bg:#121212');
    expect(style).not.toContain('prefers-color-scheme');
    expect($('.period')).toHaveLength(0);
    // One chart, drawn dark: no light picture for the browser to pick.
    expect($('picture.chart source')).toHaveLength(0);
    expect($('picture.chart img')).toHaveLength(1);
    // Nothing on the page loads from another host: every URL is a path of the API or a data: image.
    const urls = [
      ...Array.from(style.matchAll(/url\(([^)]+)\)/g), (m) => m[1] ?? ''),
      ...$('[src],[href],[srcset]')
        .toArray()
        .flatMap((e) => [$(e).attr('src'), $(e).attr('href'), $(e).attr('srcset')])
        .filter((u): u is string => u !== undefined),
    ];
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls)
      expect({ url, local: /^(\/api\/|\?|data:image\/svg)/.test(url) }).toEqual({ url, local: true });
    const fonts = Array.from(style.matchAll(/url\((\/api\/analytics\/fonts\/[^)]+)\)/g), (m) => m[1] ?? '');
    expect(fonts).toHaveLength(3);
    for (const font of fonts) {
      const got = await fetch(`${t.server.base}${font}`);
      expect([got.status, got.headers.get('content-type')]).toEqual([200, 'font/woff2']);
      expect(
        Buffer.from(await got.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('wOF2');
    }
    expect(page.headers.get('content-security-policy')).toMatch(/font-src 'self'/);
    expect((await fetch(`${t.server.base}/api/analytics/fonts/..%2Fpackage.json`)).status).toBe(404);
    const light = load((await frame(`${card('zero-result-rate')}&scheme=light`, cookie)).text);
    expect(light('style').text()).toContain(':root{color-scheme:light;--bg:#fff');
    expect(light('.period')).toHaveLength(1);
    const system = load((await frame(card('zero-result-rate'), cookie)).text)('style').text();
    expect(system).toContain('@media (prefers-color-scheme:dark){:root{color-scheme:dark;');
  });

  it('given the page’s period, then the headline strip: searches, zero-result and click-through rates with their change and sparklines', async () => {
    const strip = await frame(
      `${kw.clientId}/headline?${BOTH}&scheme=dark&embedded=1`,
      await frameCookie(t.userA),
    );
    expect(strip.status).toBe(200);
    expect(strip.headers.get('content-security-policy')).toMatch(/style-src 'nonce-[^']+'/);
    const $ = load(strip.text);
    const tiles = $('ul.headline > li')
      .toArray()
      .map((li) => [
        $(li).find('.kpi-label').text(),
        $(li).find('.kpi-value').text(),
        $(li).find('.kpi-change').text(),
        $(li).find('svg.spark').attr('aria-label'),
      ]);
    // The hand-counted summary (8 searches, 4 with no results, 3 clicked), none the two days before.
    expect(tiles).toEqual([
      ['Searches', '8', 'none in the previous period', 'Searches per day, 6 May 2031 – 7 May 2031'],
      [
        'Zero-result rate',
        '50.0%',
        'nothing to compare with',
        'Zero-result rate per day, 6 May 2031 – 7 May 2031',
      ],
      [
        'Click-through rate',
        '37.5%',
        'nothing to compare with',
        'Click-through rate per day, 6 May 2031 – 7 May 2031',
      ],
    ]);
    // Two days: each sparkline is one line of two points.
    expect(
      $('svg.spark polyline')
        .toArray()
        .map((p) => $(p).attr('points')?.split(' ').length),
    ).toEqual([2, 2, 2]);
    expect($('style').text()).toContain(':root{color-scheme:dark;');
    expect(strip.text).not.toMatch(/<script|https?:\/\//i);
    const ofB = await frame(`${kw.clientId}/headline?${BOTH}`, await frameCookie(t.ownerB));
    expect([ofB.status, ofB.text.includes('Searches')]).toEqual([404, false]);
    expect((await frame(`${kw.clientId}/headline?${BOTH}`)).status).toBe(401);
  });

  it('given a card of figures, then its range line names the period compared with; a list names none', async () => {
    const cookie = await frameCookie(t.ownerA);
    expect((await frame(card('zero-result-rate'), cookie)).text).toContain(
      '(UTC days), compared with 4 May 2031 – 5 May 2031</p>',
    );
    for (const list of ['top-queries', 'zero-result-queries']) {
      expect((await frame(card(list), cookie)).text).toContain(
        'Shop search · 6 May 2031 – 7 May 2031 (UTC days)</p>',
      );
    }
  });

  it('given a named period, then each CSV download is of the days shown, not of the name', async () => {
    const $ = load(
      (await frame(`${kw.clientId}/card/searches-over-time?period=7d`, await frameCookie(t.ownerA))).text,
    );
    const shown = [$('input[name=from]').val(), $('input[name=to]').val()];
    const href = new URL($('a.csv').attr('href') ?? '', t.server.base);
    expect([
      href.searchParams.get('period'),
      href.searchParams.get('from'),
      href.searchParams.get('to'),
    ]).toEqual(['custom', ...shown]);
  });

  it("given visitors' text with markup, then it is shown escaped, never as markup", async () => {
    const page = await frame(card('zero-result-queries'), await frameCookie(t.ownerA));
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.text).not.toContain('<img src=x');
  });

  it('given no cookie, a forged one or an expired one, then 401 and none of the report', async () => {
    const real = await frameCookie(t.ownerA);
    const [name, value = ''] = real.split('=');
    const [payload = '', signature = ''] = value.split('.');
    const forged = `${name}=${payload}.${signature.slice(0, -2)}AA`;
    for (const cookie of [
      undefined,
      forged,
      `${name}=${Buffer.from('{"sub":"x","sa":true,"exp":9999999999}').toString('base64url')}.AAAA`,
    ]) {
      const page = await frame(card('top-queries'), cookie);
      expect(page.status).toBe(401);
      expect(page.text).toContain('Sign in to the portal to see this report');
      expect(page.text).not.toContain('red shoes');
    }
  });

  it("given account B's owner, then A's frames are not found; the super admin sees them", async () => {
    const cookieB = await frameCookie(t.ownerB);
    for (const path of [
      card('top-queries'),
      `${kw.clientId}/dashboard/overview?${BOTH}`,
      `${kw.clientId}/card/top-queries/csv/top-queries?${BOTH}`,
    ]) {
      const page = await frame(path, cookieB);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('red shoes');
    }
    expect((await frame(card('top-queries', kwB), cookieB)).status).toBe(200);
    expect((await frame(card('top-queries'), await frameCookie(t.superAdmin))).text).toContain('red shoes');
  });

  it('given ids the engine does not offer, then 404', async () => {
    const cookie = await frameCookie(t.ownerA);
    expect((await frame(card('tab-use', pm), cookie)).status).toBe(404);
    expect((await frame(card('nope'), cookie)).status).toBe(404);
    expect((await frame(`${kw.clientId}/widget/overview`, cookie)).status).toBe(404);
    expect((await frame(`${MISSING}/card/top-queries`, cookie)).status).toBe(404);
  });

  it('given each card and dashboard of both kinds, then each renders', async () => {
    const cookie = await frameCookie(t.ownerA);
    for (const c of [kw, pm]) {
      const ids = (await api(t.server, t.ownerA.token, 'GET', `analytics/${c.engineId}`)).body;
      for (const [type, list] of [
        ['card', ids.cardIds],
        ['dashboard', ids.dashboardIds],
      ] as const) {
        for (const id of list as string[]) {
          const page = await frame(`${c.clientId}/${type}/${id}?${BOTH}`, cookie);
          expect([id, page.status]).toEqual([id, 200]);
        }
      }
    }
  });

  it('given zero-result queries, then each links to the keyword wizard steps that fix it', async () => {
    const page = await frame(card('zero-result-queries'), await frameCookie(t.ownerA));
    const href = `/engine/keyword/${kw.engineId}/edit?step=Influence&amp;query=blue%20hat`;
    expect(page.text).toContain(
      `<a href="${href}" target="_top">Pin results<span class="visually-hidden"> for “blue hat”</span></a>`,
    );
    expect(page.text).toContain(`/engine/keyword/${kw.engineId}/edit?step=Synonyms&amp;query=blue%20hat`);
  });

  it('given a table, then its CSV download holds every row, formula text neutralised', async () => {
    const cookie = await frameCookie(t.ownerA);
    const csv = await frame(
      `${kw.clientId}/card/zero-result-queries/csv/zero-result-queries?${BOTH}`,
      cookie,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="shop-search-zero-result-queries-${DAY_1}-to-${DAY_2}.csv"`,
    );
    expect(csv.bom).toBe(true);
    expect(csv.text).toBe(
      'Query,Searches,With no results\r\n' +
        'blue hat,2,2\r\n' +
        '<img src=x onerror=alert(1)>,1,1\r\n' +
        `"'=hyperlink(""http://x.test"")",1,1\r\n`,
    );
    expect((await frame(`${kw.clientId}/card/zero-result-queries/csv/other?${BOTH}`, cookie)).status).toBe(
      404,
    );
  });

  it('given a bad period, then the frame says what is wrong', async () => {
    const page = await frame(`${kw.clientId}/card/top-queries?period=2w`, await frameCookie(t.ownerA));
    expect(page.status).toBe(400);
    expect(page.text).toContain('The period must be one of 7d, 30d, 90d or custom (got &#39;2w&#39;).');
  });

  it('given a reversed or over-long custom period, then the report keeps its title, says what is wrong and offers the period chooser', async () => {
    const cookie = await frameCookie(t.ownerA);
    for (const [type, id, title, from, to, message] of [
      [
        'card',
        'top-queries',
        'Top queries',
        DAY_2,
        DAY_1,
        `The start date (${DAY_2}) must not be after the end date (${DAY_1}).`,
      ],
      [
        'dashboard',
        'content-gaps',
        'Content gaps and clicks',
        '2025-01-01',
        DAY_2,
        `A period covers at most 1096 days (2025-01-01 to ${DAY_2} is longer).`,
      ],
    ] as const) {
      const page = await frame(`${kw.clientId}/${type}/${id}?period=custom&from=${from}&to=${to}`, cookie);
      expect(page.status).toBe(400);
      const $ = load(page.text);
      expect([$('h1').text(), $('[role=alert]').text()]).toEqual([title, message]);
      expect(
        $('nav[aria-label=Period] a')
          .map((_, a) => $(a).attr('href'))
          .get(),
      ).toEqual(['?period=7d', '?period=30d', '?period=90d']);
      const form = $('form[aria-label="Custom period"]');
      expect([form.find('input[name=from]').val(), form.find('input[name=to]').val()]).toEqual([from, to]);
      expect(page.text).not.toContain('red shoes');
    }
  });

  it('given a member removed from the account after the cookie was set, then the frames are not found', async () => {
    const cookie = await frameCookie(t.adminA);
    expect((await frame(card('top-queries'), cookie)).status).toBe(200);
    const removed = await api(
      t.server,
      t.ownerA.token,
      'DELETE',
      `account/${t.accountA}/user/${t.adminA.id}`,
    );
    expect(removed.status).toBe(200);
    expect((await frame(card('top-queries'), cookie)).status).toBe(404);
  });
});
