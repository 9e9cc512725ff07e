import { describe, expect, it } from 'vitest';
import { engineWithCrawler, frontierStores, useStore } from './frontier-stores.test-kit.ts';
import { type CrawledPage, carryPages, countPages, dropPages, savePage } from './pages.ts';

describe.each(frontierStores)('Crawled pages on %s', (_name, open) => {
  const store = useStore(open);

  it('Given pages of a run, then a second URL with the same content is reported as a duplicate and not stored', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const page: CrawledPage = {
      accountId,
      engineId,
      runId: 1,
      urlKey: 'https://example.com/a',
      url: 'https://example.com/a',
      title: 'A',
      headings: ['Intro'],
      description: 'About A',
      language: 'en',
      body: 'Text of A',
      customTags: { product: ['widget'] },
      contentHash: 'hash-a',
    };
    expect(await savePage(store(), page)).toBeNull();
    expect(await savePage(store(), { ...page, title: 'A again' })).toBeNull();
    const copy = { ...page, urlKey: 'https://example.com/copy', url: 'https://example.com/copy' };
    expect(await savePage(store(), copy)).toBe('https://example.com/a');
    expect(await savePage(store(), { ...copy, runId: 2 })).toBeNull();
    expect([
      await countPages(store(), accountId, engineId, 1),
      await countPages(store(), accountId, engineId, 2),
    ]).toEqual([1, 1]);
    const { rows } = await store().query(
      'SELECT title, headings, custom_tags FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 AND run_id = 1',
      [accountId, engineId],
    );
    expect(rows).toEqual([{ title: 'A again', headings: ['Intro'], custom_tags: { product: ['widget'] } }]);
  });

  it('Given a page with its link share, then it is stored, replaced, and carried into the next run', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const page: CrawledPage = {
      accountId,
      engineId,
      runId: 1,
      urlKey: 'https://example.com/contents',
      url: 'https://example.com/contents',
      title: 'Contents',
      headings: [],
      description: '',
      language: 'en',
      body: 'Chapter one Chapter two',
      customTags: {},
      linkShare: 0.5,
      contentHash: 'hash-contents',
    };
    await savePage(store(), page);
    await savePage(store(), { ...page, linkShare: 0.96875 });
    await savePage(store(), {
      ...page,
      urlKey: 'https://example.com/old',
      contentHash: 'h',
      linkShare: undefined,
    });
    await carryPages(store(), accountId, engineId, 1, 2);
    const { rows } = await store().query(
      `SELECT run_id::int AS run, url_key, link_share FROM crawl_pages
       WHERE account_id = $1 AND engine_id = $2 ORDER BY run_id, url_key`,
      [accountId, engineId],
    );
    expect(rows).toEqual([
      { run: 1, url_key: 'https://example.com/contents', link_share: 0.96875 },
      { run: 1, url_key: 'https://example.com/old', link_share: 0 },
      { run: 2, url_key: 'https://example.com/contents', link_share: 0.96875 },
      { run: 2, url_key: 'https://example.com/old', link_share: 0 },
    ]);
  });

  it('Given a page with a NUL or half a surrogate pair in each field, then it is stored with U+FFFD for each, and dropped by its key', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const odd = (text: string) => `${text} \0 \uD800 ${text}`;
    const stored = (text: string) => `${text} \uFFFD \uFFFD ${text}`;
    const page: CrawledPage = {
      accountId,
      engineId,
      runId: 1,
      urlKey: odd('key'),
      url: odd('url'),
      title: odd('title'),
      headings: [odd('heading')],
      description: odd('description'),
      language: odd('language'),
      body: odd('body'),
      customTags: { [odd('tag')]: [odd('value')] },
      contentHash: 'hash-odd',
    };
    expect(await savePage(store(), page)).toBeNull();
    const { rows } = await store().query(
      `SELECT url_key, url, title, headings, description, language, body, custom_tags FROM crawl_pages
       WHERE account_id = $1 AND engine_id = $2`,
      [accountId, engineId],
    );
    expect(rows).toEqual([
      {
        url_key: stored('key'),
        url: stored('url'),
        title: stored('title'),
        headings: [stored('heading')],
        description: stored('description'),
        language: stored('language'),
        body: stored('body'),
        custom_tags: { [stored('tag')]: [stored('value')] },
      },
    ]);
    await dropPages(store(), page, [odd('key')]);
    expect(await countPages(store(), accountId, engineId, 1)).toBe(0);
  });
});
