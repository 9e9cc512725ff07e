import { describeMigrationContract } from './migrate-contract.test-kit.ts';
import { openPgliteStore } from './pglite-store.ts';

// PGlite has one session, so "racing" migrators are two runs on the same store.
describeMigrationContract('PgliteStore (in memory)', {
  open: () => openPgliteStore({ dataDir: null }),
  openRacers: async () => {
    const store = await openPgliteStore({ dataDir: null });
    return [store, store];
  },
});
