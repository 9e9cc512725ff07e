import { openPgliteStore } from './src/store/pglite-store.ts';
const rounds = Number(process.argv[2] ?? 50);
const width = Number(process.argv[3] ?? 3);
for (let r = 0; r < rounds; r++) {
  await Promise.all(
    Array.from({ length: width }, async () => {
      const s = await openPgliteStore({ dataDir: null });
      await s.query('SELECT 1');
      await s.close();
    }),
  );
  if (r % 10 === 0) console.log('round', r);
}
console.log('survived');
