import { finishCrawlWithPages } from '@siteseer/test-support/crawl-runs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, detailOf, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// Publishing crawls over HTTP: the report's publication, the 10 % guard's hold and the publish
// call that overrides it, with the access rules of crawler writes. Runs are finished the way the
// crawl loop finishes them (no loop fetches anything here).

let t: Tenants;
let engine: { accountId: string; engineId: string };

beforeAll(async () => {
  t = await startWithTenants();
  const created = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Published docs'));
  engine = { accountId: t.accountA, engineId: created.documentId };
});
afterAll(async () => {
  await t?.server.close();
});

const crawlerCall = (token: string, path: string, body: Record<string, unknown> = {}) =>
  api(t.server, token, 'POST', `datasource/crawler${path}`, { ...engine, ...body });
const publish = (token: string) => crawlerCall(token, '/publish');
const publicationOf = async () => (await crawlerCall(t.ownerA.token, '/report')).body.publication;
/** A new crawl from scratch (recreate): its generation starts empty. */
const recrawl = () => crawlerCall(t.ownerA.token, '', { urls: ['https://site.test/'], recreate: true });

describe('publishing crawls', () => {
  it('Given a first crawl of 1,054 pages, when it finishes, then it is published', async () => {
    expect((await recrawl()).status).toBe(200);
    expect(await publicationOf()).toEqual({
      publishedRunId: null,
      publishedPages: 0,
      latestRunId: 1,
      latestPages: null,
      held: false,
    });
    expect(await finishCrawlWithPages(t.server.store, t.server.state.changes, engine, 1054)).toMatchObject({
      published: true,
    });
    expect(await publicationOf()).toEqual({
      publishedRunId: 1,
      publishedPages: 1054,
      latestRunId: 1,
      latestPages: 1054,
      held: false,
    });
    const again = await publish(t.ownerA.token);
    expect([again.status, detailOf(again)]).toEqual([409, 'The latest crawl is already published.']);
  });

  it('Given a crawl of 812 pages after it, then it is held and the report says why and how to publish it', async () => {
    await recrawl();
    const running = await publish(t.ownerA.token);
    expect([running.status, detailOf(running)]).toEqual([
      409,
      'The crawl is still running: it is published when it finishes.',
    ]);
    expect(await finishCrawlWithPages(t.server.store, t.server.state.changes, engine, 812)).toEqual({
      published: false,
      pages: 812,
      previousPages: 1054,
    });
    expect(await publicationOf()).toEqual({
      publishedRunId: 1,
      publishedPages: 1054,
      latestRunId: 2,
      latestPages: 812,
      held: true,
      message:
        'This crawl found 812 pages, 23 % fewer than the 1,054 of the published one, so it was not published. ' +
        'Publish it anyway with POST datasource/crawler/publish (the CLI: siteseer crawl publish ENGINE --force).',
    });
  });

  it('Given a held crawl, then a user role cannot publish it (403) and another account cannot see it (404)', async () => {
    expect((await publish(t.userA.token)).status).toBe(403);
    for (const accountId of [t.accountA, t.accountB]) {
      const answer = await crawlerCall(t.ownerB.token, '/publish', { accountId });
      expect({ accountId, status: answer.status }).toEqual({ accountId, status: 404 });
    }
    expect(await publicationOf()).toMatchObject({ publishedRunId: 1, held: true });
  });

  it('Given a held crawl, when its owner publishes it anyway, then search switches to it and older pages go', async () => {
    const published = await publish(t.ownerA.token);
    expect(published.body).toEqual({ engineId: engine.engineId, runId: 2, pages: 812, previousPages: 1054 });
    expect(await publicationOf()).toEqual({
      publishedRunId: 2,
      publishedPages: 812,
      latestRunId: 2,
      latestPages: 812,
      held: false,
    });
    const { rows } = await t.server.store.query(
      'SELECT run_id, count(*)::int AS pages FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 GROUP BY run_id',
      [engine.accountId, engine.engineId],
    );
    expect(rows).toEqual([{ run_id: 2, pages: 812 }]);
  });

  it('Given a stopped crawl, then there is nothing to publish (409)', async () => {
    await recrawl();
    await crawlerCall(t.ownerA.token, '/stop');
    const stopped = await publish(t.ownerA.token);
    expect([stopped.status, detailOf(stopped)]).toEqual([
      409,
      'The crawl was stopped before it finished: start it again to publish a new crawl.',
    ]);
  });

  it('Given the API document, then it describes the publish call', async () => {
    const document = (await (await fetch(`${t.server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; description?: string }>>;
    };
    const call = document.paths['/api/datasource/crawler/publish']?.post;
    expect(call?.operationId).toBe('crawler.publish');
    expect(call?.description).toContain('even when it was held back because it lost more than 10 %');
  });
});
