import type { IncomingMessage, ServerResponse } from 'node:http';
import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  type FixtureSite,
  linkedSite,
  startFixtureSite,
} from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { until } from './keyword-fixture.ts';

// The crawl loop of the API process crawling a real site on 127.0.0.1 end to end: robots.txt,
// sitemap, links, redirects, canonical, noindex, nofollow, duplicates, errors and URL filters,
// each URL fetched once, the pages of the run stored.

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const html = (title: string, body: string, head = '') =>
  answer(200, page(title, body, head), { 'content-type': 'text/html; charset=utf-8' });

let busyAnswers = 0;
let userAgent: string | undefined;
const routes = {
  '/robots.txt': answer(200, 'User-agent: *\nDisallow: /private\nSitemap: /sitemap.xml\n', {
    'content-type': 'text/plain',
  }),
  // The sitemap names pages by absolute URL on the site's own origin.
  '/sitemap.xml': (req: IncomingMessage, res: ServerResponse) =>
    answer(
      200,
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${req.headers.host}/from-sitemap</loc></url></urlset>`,
      { 'content-type': 'application/xml' },
    )(req, res),
  '/': html(
    'Home',
    `<a href="/a#intro">A</a> <a href="/b?y=2&x=1">B</a> <a href="/b?x=1&y=2#top">B again</a>
     <a href="/dup-1">D1</a> <a href="/dup-2">D2</a> <a href="/missing">gone</a> <a href="/old">old</a>
     <a href="/noindex">noindex</a> <a href="/nofollow">nofollow</a> <a href="/private/x">private</a>
     <a href="/alias">alias</a> <a href="/file.pdf">pdf</a> <a href="/error">error</a> <a href="/busy">busy</a>
     <a href="/excluded/page">excluded</a> <a href="/slow">slow</a> <a rel="nofollow" href="/not-followed">nf</a>
     <a href="https://elsewhere.example/">elsewhere</a>`,
  ),
  '/a': (req: IncomingMessage, res: ServerResponse) => {
    userAgent = req.headers['user-agent'];
    html('Page A', '<p>Alpha content about crawling.</p>')(req, res);
  },
  '/b?y=2&x=1': html('Page B', '<p>Bravo content.</p>'),
  '/dup-1': html('Same', '<p>The same words.</p>'),
  '/dup-2': html('Same', '<p>The same words.</p>'),
  // Only reachable through the redirect: recorded from the answer the redirect led to, not fetched again.
  '/old': answer(301, '', { location: '/moved' }),
  '/moved': html('Moved', '<p>Moved here.</p>'),
  '/noindex': html(
    'Hidden',
    '<p>Not for search.</p><a href="/from-noindex">x</a>',
    '<meta name="robots" content="noindex">',
  ),
  '/from-noindex': html('Linked from noindex', '<p>Followed: noindex is not nofollow.</p>'),
  '/nofollow': html('No follow', '<a href="/never">never</a>', '<meta name="robots" content="nofollow">'),
  '/alias': html('Canonical', '<p>Canonical words.</p>', '<link rel="canonical" href="/canonical">'),
  '/canonical': html('Canonical', '<p>Canonical words.</p>', '<link rel="canonical" href="/canonical">'),
  '/file.pdf': answer(200, '%PDF-1.4', { 'content-type': 'application/pdf' }),
  '/error': answer(500, 'oops'),
  '/busy': (req: IncomingMessage, res: ServerResponse) => {
    busyAnswers += 1;
    if (busyAnswers === 1) res.writeHead(503, { 'retry-after': '1' }).end();
    else html('Busy once', '<p>Answered the second time.</p>')(req, res);
  },
  // Never answers: a Timeout after the page timeout.
  '/slow': () => {},
  '/from-sitemap': html('From the sitemap', '<p>Listed in the sitemap only.</p>'),
};

let t: Tenants;
let site: FixtureSite;
let engine: string;

describe('the crawl loop', () => {
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    t = await startWithTenants({
      env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
      crawlTiming: { recrawlCheckMs: 100, pageTimeoutMs: 1000 },
    });
    engine = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Fixture site'))).documentId;
  }, 30_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
  });

  it('crawls the site once, recording every URL with its status and storing the searchable pages', async () => {
    const created = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: [`${site.origin}/`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      urlFilters: ['-/excluded'],
      removeHashFragments: true,
      recreate: true,
    });
    expect(created.status).toBe(200);
    const report = await untilFinished(t, engine);
    expect(report.state).toBe('finished');
    const statusOf = Object.fromEntries(
      report.hits.hits.map((hit: { url: string; status: number }) => [
        hit.url.replace(site.origin, ''),
        hit.status,
      ]),
    );
    expect(statusOf).toEqual({
      '/': CRAWL_STATUS.SUCCESS,
      '/a': CRAWL_STATUS.SUCCESS,
      '/b?y=2&x=1': CRAWL_STATUS.SUCCESS,
      '/dup-1': expect.any(Number),
      '/dup-2': expect.any(Number),
      '/missing': CRAWL_STATUS.NOT_FOUND,
      '/old': CRAWL_STATUS.REDIRECTED,
      '/moved': CRAWL_STATUS.SUCCESS,
      '/noindex': CRAWL_STATUS.SUCCESS,
      '/from-noindex': CRAWL_STATUS.SUCCESS,
      '/nofollow': CRAWL_STATUS.SUCCESS,
      '/private/x': CRAWL_STATUS.FETCH_FAILED,
      '/alias': CRAWL_STATUS.SUCCESS,
      '/canonical': CRAWL_STATUS.SUCCESS,
      '/file.pdf': CRAWL_STATUS.SUCCESS,
      '/error': CRAWL_STATUS.FAILED,
      '/busy': CRAWL_STATUS.SUCCESS,
      '/slow': CRAWL_STATUS.TIMEOUT,
      '/from-sitemap': CRAWL_STATUS.SUCCESS,
    });
    expect([statusOf['/dup-1'], statusOf['/dup-2']].sort()).toEqual([
      CRAWL_STATUS.SUCCESS,
      CRAWL_STATUS.DUPLICATED,
    ]);

    // Each URL fetched once (the busy one twice: 503 with Retry-After, then 200), nothing outside
    // the scope, robots.txt or nofollow.
    const fetched = site.requests.filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    const twice = fetched.filter((path, at) => path !== '/busy' && fetched.indexOf(path) !== at);
    expect(twice).toEqual([]);
    expect(fetched.filter((path) => path === '/busy')).toHaveLength(2);
    for (const never of ['/private/x', '/never', '/not-followed', '/excluded/page']) {
      expect(fetched).not.toContain(never);
    }

    // Our robots.txt token, and a page that tells the site's owner what the crawler is.
    expect(userAgent).toBe(`SiteseerBot/1.0 (+${t.server.config.publicUrl}/bot)`);
    const bot = await fetch(`${t.server.base}/bot`);
    expect(bot.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await bot.text()).toContain('User-agent: SiteseerBot\nDisallow: /');

    // The first crawl is published: search answers from its pages.
    expect(report.publication).toMatchObject({ held: false, publishedPages: 10 });
    const { rows } = await t.server.store.query<{ url: string; title: string }>(
      `SELECT p.url, p.title FROM crawl_pages p JOIN crawlers c USING (account_id, engine_id)
       WHERE p.account_id = $1 AND p.engine_id = $2 AND p.run_id = c.published_run_id ORDER BY p.url`,
      [t.accountA, engine],
    );
    expect(rows.map((row) => row.url.replace(site.origin, ''))).toEqual(
      [
        '/',
        '/a',
        '/b?y=2&x=1',
        '/busy',
        '/canonical',
        '/from-noindex',
        '/from-sitemap',
        '/moved',
        '/nofollow',
        statusOf['/dup-1'] === CRAWL_STATUS.SUCCESS ? '/dup-1' : '/dup-2',
      ].sort(),
    );

    // PGlite runs no autovacuum: the run's end vacuums the tables it updated rows of.
    if (t.server.store.kind === 'pglite') {
      await until('the crawl tables vacuumed', async () => {
        const { rows: vacuumed } = await t.server.store.query<{ relname: string }>(
          `SELECT relname FROM pg_stat_user_tables
           WHERE relname IN ('crawl_urls', 'crawl_pages', 'crawlers') AND last_vacuum IS NOT NULL`,
        );
        return vacuumed.length === 3 ? true : undefined;
      });
    }
  });

  it('re-crawls when URLs are due: unchanged pages answer 304, and a crawl that lost pages is held', async () => {
    const changing = changingSite();
    const site2 = await startFixtureSite(changing.routes);
    try {
      const id = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Changing site')))
        .documentId;
      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
        accountId: t.accountA,
        engineId: id,
        urls: [`${site2.origin}/`],
        pageLoadDelay: '0ms',
        crawlFrequency: '1h',
        recreate: true,
      });
      expect((await untilFinished(t, id)).publication).toMatchObject({ held: false, publishedPages: 11 });

      // An hour later: one page changed, two are gone (2 of 11 pages lost: more than 10 %).
      changing.versions.set('/p1', 2);
      changing.versions.delete('/p2');
      changing.versions.delete('/p3');
      changing.answers.length = 0;
      await t.server.store.query(
        `UPDATE crawl_urls SET next_check = now() - interval '1 second' WHERE account_id = $1 AND engine_id = $2`,
        [t.accountA, id],
      );
      const recrawl = await untilRun(t, id, 2);
      expect(changing.answers.sort()).toEqual(
        ['304 /', '200 /p1', '404 /p2', '404 /p3', ...[4, 5, 6, 7, 8, 9, 10].map((n) => `304 /p${n}`)].sort(),
      );
      expect(recrawl.publication).toMatchObject({ held: true, publishedPages: 11 });
      expect(recrawl.publication.message).toContain('not published');

      const published = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/publish', {
        accountId: t.accountA,
        engineId: id,
      });
      expect(published.body).toMatchObject({ pages: 9, previousPages: 11 });
      const { rows } = await t.server.store.query<{ url: string; title: string }>(
        `SELECT p.url, p.title FROM crawl_pages p JOIN crawlers c USING (account_id, engine_id)
         WHERE p.account_id = $1 AND p.engine_id = $2 AND p.run_id = c.published_run_id ORDER BY p.url`,
        [t.accountA, id],
      );
      expect(rows.map((row) => `${row.url.replace(site2.origin, '')} ${row.title}`)).toEqual([
        '/ / v1',
        ...[1, 10, 4, 5, 6, 7, 8, 9].map((n) => `/p${n} /p${n} v${n === 1 ? 2 : 1}`),
      ]);
    } finally {
      await site2.close();
    }
  });

  it('refuses crawler settings with a selector it could not read pages with, saving nothing', async () => {
    const id = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Bad selector'))).documentId;
    const settings = { accountId: t.accountA, engineId: id, urls: [`${site.origin}/`], recreate: true };
    const refused = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      ...settings,
      useContentTarget: true,
      contentTarget: 'main[',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('The content target "main[" is not a valid CSS selector');
    const { rows } = await t.server.store.query(
      'SELECT 1 FROM crawlers WHERE account_id = $1 AND engine_id = $2',
      [t.accountA, id],
    );
    expect(rows).toEqual([]);
    for (const bad of [
      { useExcludeTarget: true, excludeContentTargets: ['nav', 'a:unknown'] },
      { customTagsSelector: 'meta[name=' },
    ])
      expect(
        (await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', { ...settings, ...bad })).status,
      ).toBe(400);
    // A selector the crawler does not use (its switch off) is kept as it is.
    const unused = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      ...settings,
      useContentTarget: false,
      contentTarget: 'main[',
    });
    expect(unused.status).toBe(200);
    await untilFinished(t, id);
  });

  it('reads a page again in full once its extraction settings changed, though it would answer 304', async () => {
    const changing = changingSite();
    const site2 = await startFixtureSite(changing.routes);
    try {
      const id = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Retargeted site')))
        .documentId;
      const settings = {
        accountId: t.accountA,
        engineId: id,
        urls: [`${site2.origin}/`],
        pageLoadDelay: '0ms',
        crawlFrequency: '1h',
      };
      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', { ...settings, recreate: true });
      await untilFinished(t, id);
      const home = async () =>
        (
          await t.server.store.query<{ headings: string[]; body: string }>(
            `SELECT p.headings, p.body FROM crawl_pages p JOIN crawlers c USING (account_id, engine_id)
             WHERE p.account_id = $1 AND p.engine_id = $2 AND p.run_id = c.published_run_id AND p.url = $3`,
            [t.accountA, id, `${site2.origin}/`],
          )
        ).rows[0];
      expect((await home())?.headings).toEqual(['/ v1']);

      // Only the paragraph is content now: the unchanged home page (whose ETag still matches) is
      // fetched in full, not answered 304 and kept as read before.
      changing.answers.length = 0;
      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
        ...settings,
        useContentTarget: true,
        contentTarget: 'p',
        recreate: false,
      });
      await untilRun(t, id, 2);
      expect(changing.answers).toContain('200 /');
      expect(changing.answers).not.toContain('304 /');
      expect(await home()).toMatchObject({ headings: [], body: 'Version 1 of /.' });

      // The same settings again: validators are sent, as before.
      changing.answers.length = 0;
      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
        ...settings,
        useContentTarget: true,
        contentTarget: 'p',
        recreate: false,
      });
      await untilRun(t, id, 3);
      expect(changing.answers).toContain('304 /');
    } finally {
      await site2.close();
    }
  });

  // 41 pages one at a time, 100 ms apart: 4 s at least, several times that on a loaded machine.
  it('stops midway (waiting URLs Interrupted, nothing fetched after) and resumes where it was', async () => {
    const slowSite = await startFixtureSite(linkedSite(40, 20));
    try {
      const id = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Stopped site')))
        .documentId;
      const settings = {
        accountId: t.accountA,
        engineId: id,
        urls: [`${slowSite.origin}/`],
        pageLoadDelay: '100ms',
        crawlFrequency: '24h',
      };
      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', { ...settings, recreate: true });
      while (slowSite.requests.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
      const stopped = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/stop', settings);
      expect(stopped.body.interrupted).toBeGreaterThan(0);
      const atStop = await untilFinished(t, id);
      expect(atStop.state).toBe('stopped');
      expect(atStop.counts[CRAWL_STATUS.INTERRUPTED]).toBeGreaterThan(0);
      const requested = slowSite.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(slowSite.requests.length).toBe(requested);

      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', { ...settings, recreate: false });
      const resumed = await untilFinished(t, id);
      expect(resumed.state).toBe('finished');
      expect(resumed.hits.total.value).toBe(41);
      expect(resumed.counts).toEqual({ [CRAWL_STATUS.SUCCESS]: 41 });
      // The start URL is fetched again on purpose (a restart looks for new links); of the others,
      // one request at a time (a 100 ms delay): at most the one in flight at the stop is asked again.
      const pages = slowSite.requests.filter((path) => !['/robots.txt', '/sitemap.xml', '/'].includes(path));
      expect(pages.length - new Set(pages).size).toBeLessThanOrEqual(1);
    } finally {
      await slowSite.close();
    }
  }, 90_000);

  it("spaces requests to a host by robots.txt's Crawl-delay, one at a time", async () => {
    const times: { path: string; at: number; done?: number }[] = [];
    const timed = (title: string, links: string) => (req: IncomingMessage, res: ServerResponse) => {
      const entry: { path: string; at: number; done?: number } = { path: req.url ?? '', at: Date.now() };
      times.push(entry);
      setTimeout(() => {
        entry.done = Date.now();
        html(title, links)(req, res);
      }, 50);
    };
    const politeSite = await startFixtureSite({
      '/robots.txt': answer(200, 'User-agent: SiteseerBot\nCrawl-delay: 1\n', {
        'content-type': 'text/plain',
      }),
      '/': timed('Home', '<a href="/one">1</a> <a href="/two">2</a> <a href="/three">3</a>'),
      '/one': timed('One', ''),
      '/two': timed('Two', ''),
      '/three': timed('Three', ''),
    });
    try {
      const id = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Polite site'))).documentId;
      await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
        accountId: t.accountA,
        engineId: id,
        urls: [`${politeSite.origin}/`],
        pageLoadDelay: '0ms',
        crawlFrequency: '24h',
        recreate: true,
      });
      expect((await untilFinished(t, id)).counts).toEqual({ [CRAWL_STATUS.SUCCESS]: 4 });
      expect(times).toHaveLength(4);
      // Each request starts a second (the Crawl-delay) or more after the previous one's answer.
      for (let n = 1; n < times.length; n += 1) {
        const previous = times[n - 1] as { done?: number };
        expect((times[n]?.at ?? 0) - (previous.done ?? Infinity)).toBeGreaterThanOrEqual(990);
      }
    } finally {
      await politeSite.close();
    }
  });
});

/** Waits until the crawl's run `runId` has ended; its report. */
async function untilRun(tenants: Tenants, engineId: string, runId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await tenants.server.store.query<{ run_id: string; state: string }>(
      'SELECT run_id, state FROM crawlers WHERE account_id = $1 AND engine_id = $2',
      [tenants.accountA, engineId],
    );
    if (Number(rows[0]?.run_id) === runId && rows[0]?.state !== 'crawling')
      return untilFinished(tenants, engineId);
    if (Date.now() > deadline) throw new Error(`Run ${runId} did not end: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A site whose pages answer 304 to the ETag they last sent, and can change or go (404) between
 * crawls; it logs each answer's status by path.
 */
function changingSite() {
  const versions = new Map<string, number>([['/', 1]]);
  for (let n = 1; n <= 10; n += 1) versions.set(`/p${n}`, 1);
  const answers: string[] = [];
  const route = (path: string) => (req: IncomingMessage, res: ServerResponse) => {
    const version = versions.get(path);
    const etag = `"${path}-${version}"`;
    const status = version === undefined ? 404 : req.headers['if-none-match'] === etag ? 304 : 200;
    answers.push(`${status} ${path}`);
    if (status !== 200) return void res.writeHead(status, status === 304 ? { etag } : {}).end();
    const links = path === '/' ? [...versions.keys()].map((p) => `<a href="${p}">${p}</a>`).join(' ') : '';
    res
      .writeHead(200, { 'content-type': 'text/html', etag })
      .end(page(`${path} v${version}`, `<p>Version ${version} of ${path}.</p>${links}`));
  };
  const routes = Object.fromEntries([...versions.keys()].map((path) => [path, route(path)]));
  return { routes, versions, answers };
}

async function untilFinished(tenants: Tenants, engineId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await api(tenants.server, tenants.ownerA.token, 'POST', 'datasource/crawler/report', {
      accountId: tenants.accountA,
      engineId,
      resultSize: 100,
    });
    if (answer.body.state !== 'crawling') return answer.body;
    if (Date.now() > deadline)
      throw new Error(`The crawl did not finish: ${JSON.stringify(answer.body.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
