import { afterAll, beforeAll } from 'vitest';
import { openStore } from '../../store/open-store.ts';
import { createTestSchema } from '../../store/pg-schema.test-kit.ts';
import type { Store } from '../../store/types.ts';
import { saveCrawler } from './crawlers.ts';

/** The stores the frontier's contract runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const frontierStores: readonly (readonly [name: string, open: () => Promise<Store>])[] = [
  ['PGlite', () => openStore({ dataDir: null })],
  ...(process.env.DATABASE_URL
    ? [
        [
          'PostgreSQL',
          async () => {
            const url = process.env.DATABASE_URL as string;
            const { schema, drop } = await createTestSchema(url);
            const store = await openStore({ databaseUrl: url, schema });
            const close = store.close.bind(store);
            return Object.assign(store, {
              close: async () => {
                await close();
                await drop();
              },
            });
          },
        ] as const,
      ]
    : []),
];

/** Opens the store for a describe block and closes it after. */
export function useStore(open: () => Promise<Store>): () => Store {
  let store: Store | undefined;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });
  return () => {
    if (!store) throw new Error('The store is opened in beforeAll');
    return store;
  };
}

/** A new account with a keyword engine and its crawler (default settings, one start URL). */
export async function engineWithCrawler(
  db: Store,
  startUrl = 'https://example.com/',
): Promise<{ accountId: string; engineId: string }> {
  const account = await db.query<{ id: string }>(
    `INSERT INTO accounts (name, products) VALUES ('Crawl test', '{kw}') RETURNING id`,
  );
  const accountId = account.rows[0]?.id as string;
  const engine = await db.query<{ id: string }>(
    `INSERT INTO engines (account_id, name, type, created_by, updated_by)
     VALUES ($1, 'Crawled site', 'kw', 'test', 'test') RETURNING id`,
    [accountId],
  );
  const engineId = engine.rows[0]?.id as string;
  await saveCrawler(db, accountId, engineId, {
    urls: [startUrl],
    pageLoadDelay: '0ms',
    crawlFrequency: 'auto',
    useContentTarget: false,
    contentTarget: '',
    useExcludeTarget: false,
    excludeContentTargets: [],
    customTagsSelector: '',
    customTagsAttributeName: '',
    removeHashFragments: false,
    urlFilters: null,
    ignoreParameters: [],
    documentTypes: ['pdf'],
    renderJavaScript: false,
  });
  return { accountId, engineId };
}
