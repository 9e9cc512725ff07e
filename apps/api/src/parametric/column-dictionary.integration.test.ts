import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/types.ts';
import { columnCodes, Dictionary } from './column-dictionary.ts';

let store: Store;
beforeAll(async () => {
  store = await openStore({ dataDir: ':memory:', migrationsDir: null });
});
afterAll(async () => {
  await store?.close();
});

describe('the order of a column sorted in the results table', () => {
  it('given names in mixed case, with accents and numbers, when coded, then they sort as people read them (was: code units)', async () => {
    const dictionary = new Dictionary();
    for (const value of ['zebra', 'Éclair', 'apple', 'Banana', 'école', '10 items', '9 items', 12, null]) {
      dictionary.add(value);
    }

    const codes = await columnCodes(store, dictionary);

    expect(codes.values).toEqual([
      null,
      '9 items',
      '10 items',
      'apple',
      'Banana',
      'Éclair',
      'école',
      'zebra',
      12,
    ]);
  });
});
